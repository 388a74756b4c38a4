package io.rowlift.source.csv;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.source.Compression;
import io.rowlift.source.CompressedInput;

/**
 * A compressed CSV file (gzip, zstd) opened for a load: one unit ({@link CompressedInput}) read by the
 * parser of plain CSV ({@link ByteRangeReader} over the decompressed bytes), its header, names and reject
 * file those of the plain {@link CsvInput} of the same data. Immutable; thread-safe.
 */
public final class CompressedCsvInput extends CompressedInput {

	private final CsvInput csv;

	CompressedCsvInput(CsvInputFormat format, CsvInput csv, Compression compression) {
		super(format, csv, compression, csv.header().dataStart(), csv.header().dataStartLine());
		this.csv = csv;
	}

	@Override
	public ByteRangeReader reader(int bufferSize, int maxRecordSize) {
		return new ByteRangeReader(file(), displayName(), this.csv.csvFormat(), bufferSize, maxRecordSize, compression(),
				this.csv.blankLines(), this.csv.trailingField());
	}

	@Override
	public SourceLocator locator(ExecutionContext context) {
		return new SourceLocator(file(), displayName(), this.csv.csvFormat(), range(), compression());
	}

	@Override
	public long averageRecordBytes(int bufferSize, int maxRecordSize) {
		return RecordSample.of(file(), compression(), this.csv.header(), bufferSize, maxRecordSize).averageBytes();
	}

}
