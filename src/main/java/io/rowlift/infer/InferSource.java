package io.rowlift.infer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.RowliftException;
import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;
import io.rowlift.source.InputFormats;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceProperties;
import io.rowlift.source.UnitReader;

/**
 * The input as {@code infer} reads it, through the same seam as a load ({@link InputFormats}): the
 * field names, the split into units and the records of a unit, with exactly the load's format and
 * settings ({@code rowlift.source.*}), so that what infer sees is what a load will read, whatever the
 * format. Thread-safe: {@link #read} may run for several units at once.
 */
final class InferSource {

	/** One unit of the data, as the format split it: its index and its step context. */
	record Range(int index, ExecutionContext context) {
	}

	/** Gets each record of a unit. */
	@FunctionalInterface
	interface RecordVisitor {

		/**
		 * @param record the record (its fields' bytes, whether quoted)
		 * @param locator where a record of this unit is, for messages ({@code file:line (byte offset)})
		 */
		void visit(RawRecord record, RecordLocator locator);

	}

	/** Records between two progress reports. */
	private static final int REPORT_EVERY = 4096;

	private final InputSource input;

	private final SourceProperties properties;

	private InferSource(InputSource input, SourceProperties properties) {
		this.input = input;
		this.properties = properties;
	}

	/**
	 * Opens {@code rowlift.source.path} with its format and reads what precedes the data (a header).
	 * @throws RowliftException (exit 2) when the path is not set, not readable, or does not start as its format says
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
		return new InferSource(InputFormats.open(path, configured, properties), properties);
	}

	/** The field names: the header's (trimmed), or {@code field1..N} without a header. */
	List<String> names() {
		return this.input.names();
	}

	String displayName() {
		return this.input.displayName();
	}

	/** Whether values are UTF-8 (so characters are counted as such; other charsets have one byte per character here). */
	boolean utf8() {
		return this.input.charset().name().equals("UTF-8");
	}

	/** The data's size in the format's measure of progress (a CSV file's bytes after the header). */
	long dataBytes() {
		return Math.max(0, this.input.size());
	}

	/** The format's measure of progress ({@code bytes}). */
	String measure() {
		return this.input.measure();
	}

	/** The data split into at most {@code count} units, as a load with that many partitions splits it. */
	List<Range> split(int count) {
		Map<String, ExecutionContext> units = this.input.partitioner(Checkpoints.NONE).partition(count);
		return units.entrySet().stream()
			.sorted(Comparator.comparingInt(e -> Integer.parseInt(e.getKey().substring(InputSource.PARTITION.length()))))
			.map(e -> new Range(Integer.parseInt(e.getKey().substring(InputSource.PARTITION.length())), e.getValue()))
			.toList();
	}

	/**
	 * Reads the records of {@code range} in order.
	 * @param progress gets the measure read since its last call, every few thousand records and at the end
	 */
	void read(Range range, RecordVisitor visitor, LongConsumer progress) throws Exception {
		ExecutionContext context = new ExecutionContext(range.context());
		RecordLocator locator = this.input.locator(context);
		UnitReader reader = this.input.reader((int) this.properties.readBuffer().toBytes(),
				(int) this.properties.maxRecordSize().toBytes());
		reader.open(context);
		try {
			ExecutionContext reached = new ExecutionContext(range.context());
			long reported = 0;
			long records = 0;
			for (RawRecord record = reader.read(); record != null; record = reader.read()) {
				visitor.visit(record, locator);
				if (++records % REPORT_EVERY == 0) {
					reported = report(reader, reached, records, reported, progress);
				}
			}
			report(reader, reached, records, reported, progress);
		}
		finally {
			reader.close();
		}
	}

	/** Hands {@code progress} what the unit read since {@code reported}; returns what it has read now. */
	private long report(UnitReader reader, ExecutionContext reached, long records, long reported, LongConsumer progress) {
		reader.saveReached(reached, records);
		long done = this.input.progress(reached).done();
		progress.accept(done - reported);
		return done;
	}

}
