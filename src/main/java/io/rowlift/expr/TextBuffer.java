package io.rowlift.expr;

/**
 * The bytes the fast form of an expression writes its text into ({@link Expression#ascii}), owned by
 * one evaluator (a partition's binder or filter): a byte array written only at its end, so that what
 * one record's values left in it before {@link #begin} stays as it is and may be referred to (a
 * statement keeps a reference to a bound value's bytes until its batch runs). When the array is full
 * a new one is taken and only the bytes since {@link #begin} move to it; the old array is never
 * written again. Not thread-safe.
 */
public final class TextBuffer {

	/** The size of a new array (64 KiB: a few hundred records' values). */
	static final int CHUNK = 64 * 1024;

	/** What {@link Node#integer} found besides a value: see {@link Node#VALUE}, {@link Node#NULL}, {@link Node#SLOW}. */
	int state;

	private byte[] data = new byte[CHUNK];

	private int length;

	private int mark;

	/** Starts a record's values: the bytes written so far are left as they are from now on. */
	public void begin() {
		this.mark = this.length;
	}

	/** The array that holds the bytes since {@link #begin} (it changes when one fills up). */
	public byte[] data() {
		return this.data;
	}

	/** Where the bytes since {@link #begin} start in {@link #data}. */
	public int mark() {
		return this.mark;
	}

	/** The end of what is written, in {@link #data}. */
	public int length() {
		return this.length;
	}

	/** How many bytes were written since {@link #begin}. */
	public int written() {
		return this.length - this.mark;
	}

	/** Drops what was written since {@link #begin} after its first {@code written} bytes. */
	public void truncate(int written) {
		this.length = this.mark + written;
	}

	/** Appends {@code bytes} whole (any bytes: the caller's own encoding of a text). */
	public void append(byte[] bytes) {
		ensure(bytes.length);
		System.arraycopy(bytes, 0, this.data, this.length, bytes.length);
		this.length += bytes.length;
	}

	/** Appends {@code b[start, end)} if every byte is ASCII, and returns its length; else appends nothing and returns {@link Node#SLOW}. */
	int appendAscii(byte[] b, int start, int end) {
		if (!Ascii.plain(b, start, end)) {
			return Node.SLOW;
		}
		int n = end - start;
		ensure(n);
		System.arraycopy(b, start, this.data, this.length, n);
		this.length += n;
		return n;
	}

	/** Appends {@code value}'s plain digits, as {@link Node#plain} writes it, and returns their count. */
	int appendLong(long value) {
		ensure(20);
		int n = Ascii.digits(value, this.data, this.length);
		this.length += n;
		return n;
	}

	/** Drops the last {@code n} bytes. */
	void drop(int n) {
		this.length -= n;
	}

	/** Sets the end back to {@code end} (not before {@link #begin}'s mark) after a value was shortened in place. */
	void end(int end) {
		this.length = end;
	}

	private void ensure(int extra) {
		if (this.length + extra <= this.data.length) {
			return;
		}
		int kept = this.length - this.mark;
		byte[] bigger = new byte[Math.max(CHUNK, 2 * (kept + extra))];
		System.arraycopy(this.data, this.mark, bigger, 0, kept);
		this.data = bigger; // the old array keeps what was written before begin(): never written again
		this.mark = 0;
		this.length = kept;
	}

}
