package io.rowlift.source.jsonl;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.rowlift.source.InputBytes;

/**
 * Cuts a file's bytes (a plain file's, or a compressed file's decompressed ones) into lines at {@code \n} (a raw line feed never occurs inside a JSON string, so a line feed
 * always ends a line), from any line start on, through one growing buffer: a line is a slice of
 * {@link #buffer()}, valid until the next {@link #next()}. A {@code \r} before the line feed is not part
 * of the line's text. Not thread-safe.
 */
final class JsonlLines {

	private final InputBytes channel;

	private final int maxLineSize;

	private byte[] buf;

	/** File offset of {@code buf[0]}. */
	private long bufOffset;

	private int pos;

	private int lim;

	private boolean eof;

	private int lineStart;

	private int lineLength;

	private int rawLength;

	/**
	 * @param bufferSize initial buffer, bytes
	 * @param maxLineSize longest line accepted, bytes
	 */
	JsonlLines(InputBytes channel, int bufferSize, int maxLineSize) {
		this.channel = channel;
		this.maxLineSize = maxLineSize;
		this.buf = new byte[Math.max(1024, bufferSize)];
	}

	/** Positions the reader at {@code offset}, a line start. */
	void seek(long offset) {
		this.bufOffset = offset;
		this.pos = 0;
		this.lim = 0;
		this.eof = false;
	}

	/** The file offset of the next line (after {@link #next()}: of the line after the current one). */
	long position() {
		return this.bufOffset + this.pos;
	}

	/**
	 * Moves to the next line.
	 * @return false at the end of the file
	 * @throws TooLong when a line is longer than the limit (its offset is {@link #position()})
	 */
	boolean next() throws IOException {
		int scanned = this.pos;
		while (true) {
			for (int i = scanned; i < this.lim; i++) {
				if (this.buf[i] == '\n') {
					take(i + 1, i);
					return true;
				}
			}
			scanned = this.lim;
			if (this.eof) {
				if (this.pos == this.lim) {
					return false;
				}
				take(this.lim, this.lim);
				return true;
			}
			if (this.lim - this.pos > this.maxLineSize) {
				throw new TooLong(this.bufOffset + this.pos);
			}
			int shift = this.pos;
			scanned -= shift;
			fill();
		}
	}

	private void take(int end, int textEnd) {
		this.lineStart = this.pos;
		int length = textEnd - this.pos;
		if (length > 0 && this.buf[textEnd - 1] == '\r') {
			length--;
		}
		this.lineLength = length;
		this.rawLength = end - this.pos;
		this.pos = end;
	}

	/** Moves the unread bytes to the buffer's start (growing it when they fill it) and reads more. */
	private void fill() throws IOException {
		int unread = this.lim - this.pos;
		if (this.pos > 0) {
			System.arraycopy(this.buf, this.pos, this.buf, 0, unread);
			this.bufOffset += this.pos;
			this.pos = 0;
			this.lim = unread;
		}
		if (this.lim == this.buf.length) {
			this.buf = java.util.Arrays.copyOf(this.buf, (int) Math.min(Integer.MAX_VALUE - 8, this.buf.length * 2L));
		}
		ByteBuffer into = ByteBuffer.wrap(this.buf, this.lim, this.buf.length - this.lim);
		int n = this.channel.read(into, this.bufOffset + this.lim);
		if (n < 0) {
			this.eof = true;
		}
		else {
			this.lim += n; // 0: a decompressor gave nothing this time (a frame's header); next() reads again
		}
	}

	byte[] buffer() {
		return this.buf;
	}

	/** Start of the current line in {@link #buffer()}. */
	int start() {
		return this.lineStart;
	}

	/** Length of the current line's text (no line feed, no carriage return before it). */
	int length() {
		return this.lineLength;
	}

	/** File offset of the current line. */
	long offset() {
		return this.bufOffset + this.lineStart;
	}

	/** Length of the current line in the file, its line end included. */
	int rawLength() {
		return this.rawLength;
	}

	/** Whether the current line holds nothing but white space. */
	boolean blank() {
		for (int i = this.lineStart, end = this.lineStart + this.lineLength; i < end; i++) {
			byte b = this.buf[i];
			if (b != ' ' && b != '\t' && b != '\r') {
				return false;
			}
		}
		return true;
	}

	/** A line longer than the limit. */
	static final class TooLong extends IOException {

		private final long offset;

		TooLong(long offset) {
			super("line longer than the limit");
			this.offset = offset;
		}

		long offset() {
			return this.offset;
		}

	}

}
