package io.rowlift.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The records of one unit of a format split by byte ranges ({@link InputCapability#BYTE_RANGES}: CSV,
 * JSON Lines): those that start at a byte offset in {@code [start, end)}. Both bounds are record starts
 * (or the end of the file), so consecutive ranges cover the data exactly once. A compressed input's one
 * unit is a range of its uncompressed bytes whose end is {@link Long#MAX_VALUE} ({@link CompressedInput}).
 *
 * <p>The context keys ({@code range.*}) are persisted in Spring Batch's tables since the first versions
 * and must not change: a run started by an earlier version resumes from them. Every byte-range format
 * writes the same keys, so an operator reading the job tables sees the same words.
 *
 * @param index the partition's number, from 0
 * @param start offset of the first record (inclusive)
 * @param end offset just past the last record (exclusive)
 * @param firstLine the physical line of the first record, or -1 when not counted yet
 */
public record ByteRange(int index, long start, long end, long firstLine) {

	public static final String INDEX = "range.index";

	public static final String START = "range.start";

	public static final String END = "range.end";

	public static final String FIRST_LINE = "range.first-line";

	/** Writes this range into a partition's execution context. */
	public void writeTo(ExecutionContext context) {
		context.putInt(INDEX, this.index);
		context.putLong(START, this.start);
		context.putLong(END, this.end);
		context.putLong(FIRST_LINE, this.firstLine);
	}

	/** Whether {@code context} holds a range (written by {@link #writeTo}). */
	public static boolean isIn(ExecutionContext context) {
		return context.containsKey(INDEX);
	}

	/** Reads the range a partitioner wrote into {@code context}. */
	public static ByteRange readFrom(ExecutionContext context) {
		return new ByteRange(context.getInt(INDEX), context.getLong(START), context.getLong(END),
				context.getLong(FIRST_LINE, -1L));
	}

	/** The context of a unit holding this range and nothing read yet. */
	public ExecutionContext context() {
		ExecutionContext context = new ExecutionContext();
		writeTo(context);
		return context;
	}

	public long length() {
		return this.end - this.start;
	}

	/**
	 * How far the unit in {@code context} has got: bytes of its range from its start to the saved offset
	 * ({@link RangePosition}); ended when the offset is the range's end. {@link UnitProgress#NONE} for a
	 * context without a range (a unit that never ran).
	 */
	public static UnitProgress progress(ExecutionContext context) {
		if (!isIn(context)) {
			return UnitProgress.NONE;
		}
		ByteRange range = readFrom(context);
		RangePosition at = RangePosition.readFrom(context, range);
		String where = range.firstLine() < 0 ? "byte " + at.offset()
				: "line " + (range.firstLine() + at.line()) + " (byte " + at.offset() + ")";
		return new UnitProgress(Math.max(0, Math.min(at.offset(), range.end()) - range.start()), range.length(),
				at.offset() == range.end(), where, "bytes " + range.start() + "-" + range.end(),
				"read up to byte " + at.offset() + " of its range [" + range.start() + ", " + range.end() + ")");
	}

	/**
	 * The proof that {@code units}' ranges, in partition order, cover a file's data exactly once: the first
	 * starts at the data's start, each starts where the previous one ends, the last ends at the file's end.
	 * @param dataStart offset of the first record
	 * @param dataStartWords what starts there, for a message ({@code the first record (after the header)})
	 * @param fileSize the file's size now
	 * @return the problems found; empty when all is well
	 */
	public static List<String> coverage(Map<String, ExecutionContext> units, long dataStart, String dataStartWords,
			long fileSize) {
		List<String> problems = new ArrayList<>();
		long expectedStart = -1;
		boolean first = true;
		for (Map.Entry<String, ExecutionContext> unit : units.entrySet()) {
			String name = unit.getKey();
			ByteRange range = readFrom(unit.getValue());
			if (first && range.start() != dataStart) {
				problems.add(name + " starts at byte " + range.start() + " but " + dataStartWords + " starts at byte " + dataStart);
			}
			if (expectedStart >= 0 && range.start() != expectedStart) {
				problems.add(name + " starts at byte " + range.start() + " but the previous range ends at " + expectedStart);
			}
			expectedStart = range.end();
			first = false;
		}
		if (expectedStart != fileSize) {
			problems.add("the ranges end at byte " + expectedStart + " but the file has " + fileSize + " bytes");
		}
		return problems;
	}

}
