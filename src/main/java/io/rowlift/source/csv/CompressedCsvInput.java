package io.rowlift.source.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.source.Compression;
import io.rowlift.source.InputFormat;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitProgress;

/**
 * A compressed CSV file (gzip, zstd) opened for a load. A compressed stream cannot be entered in the
 * middle, so the data is one unit, {@code partition0}, whatever the partition count: one reader
 * decompresses and parses it (with {@code rowlift.job.read-ahead}, on a thread of its own, while the
 * step converts and writes), through the same parser as a plain CSV file ({@link ByteRangeReader} over
 * the decompressed bytes). The unit is a {@link ByteRange} of the uncompressed data from the first record
 * on, its end unknown ({@link Long#MAX_VALUE}) until the reader reaches it.
 *
 * <p><b>Restart:</b> the saved position is the plain CSV's ({@link CsvPosition}: the uncompressed offset of
 * the next record, its line) with the records read; a resume decompresses the file up to that offset
 * and drops it, without parsing it, then reads on. The compressed bytes read ({@value #COMPRESSED}) and
 * whether the unit ended ({@value #ENDED}) are saved beside it, for the progress and the accounting.
 *
 * <p>Progress is in compressed bytes of the file: what the decompressor has read of the file's size.
 * Immutable; thread-safe.
 */
public final class CompressedCsvInput implements InputSource {

	/** Context key: compressed bytes read when the position was saved. */
	public static final String COMPRESSED = "reader.compressed";

	/** Context key: 1 once the reader found the end of the data. */
	public static final String ENDED = "reader.ended";

	private final CsvInputFormat format;

	private final CsvInput csv;

	private final Compression compression;

	CompressedCsvInput(CsvInputFormat format, CsvInput csv, Compression compression) {
		this.format = format;
		this.csv = csv;
		this.compression = compression;
	}

	static void saveCompressed(ExecutionContext context, long compressedRead, boolean ended) {
		context.putLong(COMPRESSED, compressedRead);
		context.putLong(ENDED, ended ? 1 : 0);
	}

	/** How the file is compressed. */
	public Compression compression() {
		return this.compression;
	}

	@Override
	public InputFormat format() {
		return this.format;
	}

	@Override
	public Path file() {
		return this.csv.file();
	}

	@Override
	public String displayName() {
		return this.csv.displayName();
	}

	@Override
	public List<String> names() {
		return this.csv.names();
	}

	@Override
	public int fieldCount() {
		return this.csv.fieldCount();
	}

	@Override
	public boolean named() {
		return this.csv.named();
	}

	@Override
	public Charset charset() {
		return this.csv.charset();
	}

	/** Compressed bytes of the file. */
	@Override
	public String measure() {
		return "bytes";
	}

	/** The compressed file's size (its header included: the uncompressed header's share of it is unknown). */
	@Override
	public long size() {
		try {
			return Files.size(file());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the size of " + displayName() + ": " + ex.getMessage(), ex);
		}
	}

	/** The one unit: the uncompressed data from the first record to its end. */
	ByteRange range() {
		return new ByteRange(0, this.csv.header().dataStart(), Long.MAX_VALUE, this.csv.header().dataStartLine());
	}

	/** One unit, whatever {@code gridSize}: a compressed stream is read from its start. */
	@Override
	public Partitioner partitioner(Checkpoints checkpoints) {
		return gridSize -> {
			Map<String, ExecutionContext> units = new LinkedHashMap<>();
			units.put(PARTITION + 0, whole());
			checkpoints.reached(ByteRangePartitioner.CHECKPOINT);
			return units;
		};
	}

	@Override
	public boolean holdsUnit(ExecutionContext context) {
		return ByteRange.isIn(context);
	}

	@Override
	public ExecutionContext whole() {
		ExecutionContext context = new ExecutionContext();
		range().writeTo(context);
		return context;
	}

	@Override
	public ByteRangeReader reader(int bufferSize, int maxRecordSize) {
		return new ByteRangeReader(file(), displayName(), this.csv.csvFormat(), bufferSize, maxRecordSize, this.compression);
	}

	@Override
	public long lineBase(ExecutionContext context) {
		return 0;
	}

	@Override
	public SourceLocator locator(ExecutionContext context) {
		return new SourceLocator(file(), displayName(), this.csv.csvFormat(), range(), this.compression);
	}

	/** Compressed bytes read of the file's size; ended once the reader found the end of the data. */
	@Override
	public UnitProgress progress(ExecutionContext context) {
		if (!ByteRange.isIn(context)) {
			return UnitProgress.NONE;
		}
		long total = size();
		boolean ended = context.getLong(ENDED, 0L) == 1;
		long done = ended ? total : Math.min(total, context.getLong(COMPRESSED, 0L));
		CsvPosition at = CsvPosition.readFrom(context, range());
		long line = this.csv.header().dataStartLine() + at.line();
		return new UnitProgress(done, total, ended, "line " + line + " (uncompressed byte " + at.offset() + ")",
				"the whole " + this.compression.setting() + " stream, " + total + " compressed bytes",
				"read up to line " + line + " (uncompressed byte " + at.offset() + "; " + done + " of " + total
						+ " compressed bytes) without reaching the end of the " + this.compression.setting() + " stream");
	}

	/** One unit, {@code partition0}, starting at the first record. */
	@Override
	public List<String> coverage(Map<String, ExecutionContext> units) {
		if (units.size() != 1 || !units.containsKey(PARTITION + 0)) {
			return List.of("a compressed input is one unit, partition0, but the run has " + units.keySet());
		}
		ByteRange unit = ByteRange.readFrom(units.get(PARTITION + 0));
		if (unit.start() != this.csv.header().dataStart()) {
			return List.of("partition0 starts at uncompressed byte " + unit.start() + " but the first record (after the header)"
					+ " starts at " + this.csv.header().dataStart());
		}
		return List.of();
	}

	@Override
	public long averageRecordBytes(int bufferSize, int maxRecordSize) {
		return RecordSample.of(file(), this.compression, this.csv.header(), bufferSize, maxRecordSize).averageBytes();
	}

	/** The CSV input's state and the compression. */
	@Override
	public Map<String, Object> state() {
		Map<String, Object> state = new LinkedHashMap<>(this.csv.state());
		state.put(CsvInputFormat.COMPRESSION, this.compression.setting());
		return state;
	}

	@Override
	public byte[] rejectFilePreamble() {
		return this.csv.rejectFilePreamble();
	}

	@Override
	public byte[] rejectRecordEnd() {
		return this.csv.rejectRecordEnd();
	}

}
