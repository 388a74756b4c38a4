package io.rowlift.infer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.RowliftException;
import io.rowlift.model.RawRecord;
import io.rowlift.source.csv.ByteRange;
import io.rowlift.source.csv.ByteRangePartitioner;
import io.rowlift.source.csv.ByteRangeReader;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;
import io.rowlift.source.SourceProperties;

/**
 * The file as {@code infer} reads it, and the one class of this package that knows the source
 * package: the header, the split into byte ranges at record starts and the records of a range, with
 * exactly the load's classes and settings ({@code rowlift.source.*}), so that what infer sees is what
 * a load will read. Thread-safe: {@link #read} may run for several ranges at once.
 */
final class InferSource {

	/** One range of the data: the records that start in {@code [start, end)}. */
	record Range(int index, long start, long end, long firstLine) {
	}

	/** Gets each record of a range. */
	@FunctionalInterface
	interface RecordVisitor {

		/**
		 * @param record the record (its fields' bytes, whether quoted)
		 * @param line the physical line it starts on (1-based)
		 */
		void visit(RawRecord record, long line);

	}

	private final Path file;

	private final String displayName;

	private final SourceProperties properties;

	private final CsvHeader header;

	private InferSource(Path file, String displayName, SourceProperties properties, CsvHeader header) {
		this.file = file;
		this.displayName = displayName;
		this.properties = properties;
		this.header = header;
	}

	/**
	 * Opens {@code rowlift.source.path} and reads its header.
	 * @throws RowliftException (exit 2) when the path is not set, not a readable file, or its header is not valid
	 */
	static InferSource open(SourceProperties properties) {
		String configured = properties.path();
		if (configured == null || configured.isBlank()) {
			throw RowliftException.badInput("rowlift.source.path is not set; name the file to infer a table from, as in "
					+ "--rowlift.source.path=data/people.csv");
		}
		Path path = Path.of(configured);
		if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
			throw RowliftException.badInput(configured + ": no such readable file (rowlift.source.path, resolved against "
					+ Path.of("").toAbsolutePath() + "); check the path");
		}
		try {
			return new InferSource(path, configured, properties, CsvHeader.read(path, configured, CsvFormat.of(properties)));
		}
		catch (IOException ex) {
			throw RowliftException.badInput(configured + ": cannot be read: " + ex.getMessage());
		}
	}

	/** The column names: the header's (trimmed), or {@code field1..N} without a header. */
	List<String> names() {
		return this.header.names();
	}

	String displayName() {
		return this.displayName;
	}

	/** Whether values are UTF-8 (so characters are counted as such; other charsets have one byte per character here). */
	boolean utf8() {
		return this.properties.encoding().name().equals("UTF-8");
	}

	/** Bytes of data after the header. */
	long dataBytes() throws IOException {
		return Math.max(0, Files.size(this.file) - this.header.dataStart());
	}

	/** The data split into {@code count} ranges at record starts, as a load with that many partitions splits it. */
	List<Range> split(int count) {
		List<ByteRange> ranges = new ByteRangePartitioner(this.file, this.header.format(), this.header.dataStart(),
				this.header.dataStartLine(), count).ranges(count);
		return ranges.stream().map(r -> new Range(r.index(), r.start(), r.end(), r.firstLine())).toList();
	}

	/**
	 * Reads the records of {@code range} in order.
	 * @param progress gets the bytes read since its last call, every few thousand records and at the end
	 */
	void read(Range range, RecordVisitor visitor, LongConsumer progress) throws Exception {
		ByteRangeReader reader = new ByteRangeReader(this.file, this.displayName, this.header.format(),
				(int) this.properties.readBuffer().toBytes(), (int) this.properties.maxRecordSize().toBytes());
		ExecutionContext context = new ExecutionContext();
		new ByteRange(range.index(), range.start(), range.end(), range.firstLine()).writeTo(context);
		reader.open(context);
		try {
			long reported = range.start();
			int since = 0;
			long firstLine = Math.max(1, range.firstLine());
			for (RawRecord record = reader.read(); record != null; record = reader.read()) {
				visitor.visit(record, firstLine + record.line());
				if (++since == 4096) {
					since = 0;
					long position = reader.position();
					progress.accept(position - reported);
					reported = position;
				}
			}
			progress.accept(reader.position() - reported);
		}
		finally {
			reader.close();
		}
	}

}
