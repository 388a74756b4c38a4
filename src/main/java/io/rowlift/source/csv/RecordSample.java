package io.rowlift.source.csv;

import io.rowlift.source.Compression;
import io.rowlift.source.InputBytes;
import io.rowlift.source.TranscodedBytes;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How long the records at the start of a file's data are: its first {@value #SAMPLE} bytes after the
 * header, read with the load's own parser, so that quoted line ends, the configured line ending and
 * the header count as they do in the load. The database side sizes what it creates from it (SQLite's
 * page size) without knowing the file.
 *
 * @param bytes bytes of data the sampled records take, their record ends included
 * @param records records seen; 0 when there was nothing to sample
 */
public record RecordSample(long bytes, long records) {

	/** Bytes of data sampled at most (a record that starts inside them is read to its end). */
	public static final int SAMPLE = 1 << 20;

	/** Nothing sampled: no data, or a file that cannot be read. */
	public static final RecordSample NONE = new RecordSample(0, 0);

	/**
	 * Samples the data of {@code file} that starts at {@code header}'s data start, in its resolved format.
	 * A record the parser cannot finish (longer than {@code maxRecordSize}, or bad CSV) ends the sample;
	 * when it is the first, the bytes up to the end of the sample count as one record. Never throws: a
	 * file that cannot be read gives {@link #NONE}.
	 */
	public static RecordSample of(Path file, CsvHeader header, int bufferSize, int maxRecordSize) {
		return of(file, Compression.NONE, header, bufferSize, maxRecordSize);
	}

	/** The sample of a compressed input's decompressed data (its first MiB): bytes are uncompressed bytes. */
	public static RecordSample of(Path file, Compression compression, CsvHeader header, int bufferSize, int maxRecordSize) {
		long start = header.dataStart();
		long end = start + SAMPLE;
		try (InputBytes opened = compression.open(file, file.toString())) {
			// a UTF-16 or UTF-32 file is sampled in its UTF-8 copy: bytes are UTF-8 bytes, from the data's start on
			InputBytes bytes = header.format().wide() == null ? opened : new TranscodedBytes(opened, header.format().wide());
			long size = compression.compressed() ? Long.MAX_VALUE : java.nio.file.Files.size(file);
			CsvRecordParser parser = new CsvRecordParser(bytes, header.format(), Math.min(bufferSize, SAMPLE), maxRecordSize);
			parser.seek(start, header.dataStartLine());
			long records = 0;
			try {
				while (parser.position() < end) {
					if (parser.next() == null) {
						break;
					}
					records++;
				}
			}
			catch (IOException | RuntimeException ex) {
				if (records == 0) {
					// one record longer than the parser takes: long, as far as the sample can tell
					return size > start ? new RecordSample(Math.min(size, end) - start, 1) : NONE;
				}
				return new RecordSample(parser.position() - start, records);
			}
			return records == 0 ? NONE : new RecordSample(parser.position() - start, records);
		}
		catch (IOException ex) {
			return NONE;
		}
	}

	/** Average bytes per record, or -1 when nothing was sampled. */
	public long averageBytes() {
		return this.records == 0 ? -1 : this.bytes / this.records;
	}

}
