package io.rowlift.model;

import java.nio.charset.StandardCharsets;

/**
 * One record of the input: its fields' bytes (quotes removed, doubled quotes undone) in one array,
 * where it starts in the input, and on which line relative to its partition's first record.
 * Immutable once built; it owns its arrays.
 *
 * <p>{@link #offset()} is the record's place in its input as its input format counts it (CSV: the byte
 * offset of its first byte in the file): unique within a load and increasing in the input's order, so the
 * rest of Rowlift uses it as the record's identity (a staged reject's key) and to keep equal keys in input
 * order; only the format and its locator ({@link RecordLocator}) turn it into a place for messages.
 */
public final class RawRecord {

	private static final int QUOTED = 0x8000_0000;

	private final byte[] data;

	private final int[] ends;

	private final long offset;

	private final long line;

	private final int rawLength;

	private final int lines;

	private final RecordProblem problem;

	/** Blank lines its unit skipped before it, over all runs (see {@link #blankLines()}). */
	private final long blankLines;

	/**
	 * @param data the fields' bytes, concatenated
	 * @param ends for each field its end in {@code data}, with the top bit set if it was quoted
	 * @param offset the record's place in its input, as its format counts it (CSV: the byte offset of its first byte)
	 * @param line the record's first physical line, counted from 0 at its partition's first record
	 * @param rawLength the record's length in the file, its record end included
	 * @param lines the line ends inside the record, its record end included
	 * @param problem why the record is not valid CSV, or null
	 */
	public RawRecord(byte[] data, int[] ends, long offset, long line, int rawLength, int lines, RecordProblem problem) {
		this(data, ends, offset, line, rawLength, lines, problem, 0);
	}

	private RawRecord(byte[] data, int[] ends, long offset, long line, int rawLength, int lines, RecordProblem problem,
			long blankLines) {
		this.blankLines = blankLines;
		this.data = data;
		this.ends = ends;
		this.offset = offset;
		this.line = line;
		this.rawLength = rawLength;
		this.lines = lines;
		this.problem = problem;
	}

	public static int quotedEnd(int end) {
		return end | QUOTED;
	}

	public int fieldCount() {
		return this.ends.length;
	}

	/** The bytes of all fields; use {@link #start(int)} and {@link #end(int)} to slice one. */
	public byte[] data() {
		return this.data;
	}

	public int start(int field) {
		return field == 0 ? 0 : this.ends[field - 1] & ~QUOTED;
	}

	public int end(int field) {
		return this.ends[field] & ~QUOTED;
	}

	public int length(int field) {
		return end(field) - start(field);
	}

	/** Whether the field was enclosed in quotes (so {@code ""} is an empty string, not an empty field). */
	public boolean quoted(int field) {
		return (this.ends[field] & QUOTED) != 0;
	}

	/** The field decoded as UTF-8. */
	public String text(int field) {
		return text(field, StandardCharsets.UTF_8);
	}

	/** The field decoded with {@code charset} (malformed bytes become U+FFFD; binders check them first). */
	public String text(int field, java.nio.charset.Charset charset) {
		int start = start(field);
		return new String(this.data, start, end(field) - start, charset);
	}

	/** The record's place in its input, as its format counts it (CSV: the byte offset of its first byte in the file). */
	public long offset() {
		return this.offset;
	}

	/** The record's first physical line, relative to its partition's first record (0-based). */
	public long line() {
		return this.line;
	}

	/** The same record with {@link #line()} counted from another first line (its arrays shared). */
	public RawRecord atLine(long line) {
		return new RawRecord(this.data, this.ends, this.offset, line, this.rawLength, this.lines, this.problem, this.blankLines);
	}

	/**
	 * The same record at another place (its arrays shared): what a format that parses a transcoded copy of its
	 * input ({@code TranscodedBytes}) returns, the places mapped back to the file's.
	 */
	public RawRecord at(long offset, int rawLength, RecordProblem problem) {
		return new RawRecord(this.data, this.ends, offset, this.line, rawLength, this.lines, problem, this.blankLines);
	}

	/**
	 * The same record (its arrays shared) counted after {@code blankLines} blank lines of its unit: what a reader
	 * that skips blank lines ({@code rowlift.source.blank-lines=skip}) saves with the position after the record, so
	 * that a resume from there counts each blank line once.
	 */
	public RawRecord withBlankLines(long blankLines) {
		return new RawRecord(this.data, this.ends, this.offset, this.line, this.rawLength, this.lines, this.problem, blankLines);
	}

	/** The blank lines its unit skipped before it, over all runs of the load (0 unless a reader counted some). */
	public long blankLines() {
		return this.blankLines;
	}

	/** The record's length in the file, in bytes, its record end included. */
	public int rawLength() {
		return this.rawLength;
	}

	/** The line ends inside the record, its record end included: the next record starts {@code lines} lines later. */
	public int lines() {
		return this.lines;
	}

	/** Why the record is not valid CSV (it is then rejected or fails the load), or null. */
	public RecordProblem problem() {
		return this.problem;
	}

	@Override
	public String toString() {
		StringBuilder sb = new StringBuilder("RawRecord@").append(this.offset).append('[');
		for (int i = 0; i < fieldCount(); i++) {
			sb.append(i == 0 ? "" : ", ").append(quoted(i) ? "\"" : "").append(text(i)).append(quoted(i) ? "\"" : "");
		}
		return sb.append(']').toString();
	}

}
