package io.rowlift.source;

import io.rowlift.model.RawRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * Reads RFC 4180 records straight from the bytes of a file, from any record start on.
 *
 * <p>Records end with LF or CRLF outside quotes; a quoted field may hold delimiters, quotes written
 * twice and line breaks. A quote inside an unquoted field is kept as an ordinary character; a
 * character other than a delimiter or a record end after a closing quote is an error. The parser
 * never decodes characters: fields stay bytes until a column binder converts them, so no String is
 * made for a field that does not need one.
 *
 * <p>Uses positional reads, so it never moves the channel's position. Not thread-safe: one parser
 * per reader.
 */
public final class CsvRecordParser {

	private final FileChannel channel;

	private final byte delimiter;

	private final byte quote;

	private final int maxRecordSize;

	private byte[] buf;

	/** File offset of {@code buf[0]}. */
	private long bufStart;

	private int pos;

	private int limit;

	private boolean eof;

	private byte[] out = new byte[256];

	private int outLen;

	private int[] ends = new int[16];

	private int fields;

	private int lines;

	private int lastRecordLines;

	/**
	 * @param channel the file, read with positional reads
	 * @param format the dialect
	 * @param bufferSize initial read buffer size in bytes
	 * @param maxRecordSize longest record accepted, in bytes
	 */
	public CsvRecordParser(FileChannel channel, CsvFormat format, int bufferSize, int maxRecordSize) {
		this.channel = channel;
		this.delimiter = format.delimiter();
		this.quote = format.quote();
		this.buf = new byte[Math.max(64, bufferSize)];
		this.maxRecordSize = maxRecordSize;
	}

	/** Positions the parser at {@code offset}, which must be a record start. */
	public void seek(long offset) {
		this.bufStart = offset;
		this.pos = 0;
		this.limit = 0;
		this.eof = false;
	}

	/** File offset of the next unread record (just past the last record returned). */
	public long position() {
		return this.bufStart + this.pos;
	}

	/** Line breaks (LF) consumed by the last record returned, its terminator included. */
	public int lastRecordLines() {
		return this.lastRecordLines;
	}

	/**
	 * Reads the record at {@link #position()}.
	 * @param line the relative line number to stamp on the record
	 * @return the record, or {@code null} at the end of the file
	 * @throws CsvSyntaxException for an unclosed quote, a character after a closing quote or a record
	 * longer than the maximum
	 * @throws IOException when the file cannot be read
	 */
	public RawRecord next(long line) throws IOException {
		while (true) {
			if (this.pos == this.limit) {
				if (this.eof) {
					return null;
				}
				refill();
				continue;
			}
			int end = parse(this.pos);
			if (end >= 0) {
				RawRecord record = new RawRecord(Arrays.copyOf(this.out, this.outLen), Arrays.copyOf(this.ends, this.fields),
						this.bufStart + this.pos, line);
				this.lastRecordLines = this.lines;
				this.pos = end;
				return record;
			}
			if (this.limit - this.pos >= this.maxRecordSize) {
				throw new CsvSyntaxException("record longer than " + this.maxRecordSize
						+ " bytes; usually a quote that is never closed; if records really are this long, raise rowlift.source.max-record-size",
						this.bufStart + this.limit, this.bufStart + this.pos, this.fields);
			}
			refill();
		}
	}

	/** Parses one record starting at {@code start}; returns the index after it, or -1 if more bytes are needed. */
	private int parse(int start) {
		this.outLen = 0;
		this.fields = 0;
		this.lines = 0;
		final byte[] b = this.buf;
		final int lim = this.limit;
		int i = start;
		while (true) {
			if (i >= lim) {
				if (!this.eof) {
					return -1;
				}
				endField(false); // a delimiter right before the end of the file: one more, empty field
				return i;
			}
			if (b[i] == this.quote) {
				i = quotedField(i + 1, start);
				if (i < 0) {
					return -1;
				}
				if (i >= lim) {
					if (!this.eof) {
						return -1;
					}
					return i;
				}
				byte c = b[i];
				if (c == this.delimiter) {
					i++;
					continue;
				}
				if (c == '\n') {
					this.lines++;
					return i + 1;
				}
				if (c == '\r') {
					if (i + 1 >= lim) {
						if (!this.eof) {
							return -1;
						}
						return i + 1;
					}
					if (b[i + 1] == '\n') {
						this.lines++;
						return i + 2;
					}
				}
				throw new CsvSyntaxException(
						"unexpected character '" + printable(c) + "' after the closing quote of field " + (this.fields)
								+ "; a quote inside a quoted field must be written twice (\"\")",
						this.bufStart + i, this.bufStart + start, this.fields - 1);
			}
			int s = i;
			while (i < lim) {
				byte c = b[i];
				if (c == this.delimiter || c == '\n') {
					break;
				}
				i++;
			}
			if (i >= lim && !this.eof) {
				return -1;
			}
			int e = i;
			if (e > s && b[e - 1] == '\r' && (i >= lim || b[i] == '\n')) {
				e--; // CRLF record end: the CR belongs to the terminator
			}
			append(s, e - s);
			endField(false);
			if (i >= lim) {
				return i;
			}
			if (b[i] == this.delimiter) {
				i++;
				continue;
			}
			this.lines++;
			return i + 1;
		}
	}

	/** Copies a quoted field's content from {@code i} (just after the opening quote); returns the index after the closing quote. */
	private int quotedField(int i, int recordStart) {
		final byte[] b = this.buf;
		final int lim = this.limit;
		final int open = i - 1;
		while (true) {
			int q = i;
			while (q < lim && b[q] != this.quote) {
				if (b[q] == '\n') {
					this.lines++;
				}
				q++;
			}
			if (q >= lim) {
				if (!this.eof) {
					return -1;
				}
				throw new CsvSyntaxException("the quote that opens this field is never closed before the end of the file; "
						+ "close it, and write a quote inside a quoted field twice (\"\")", this.bufStart + open,
						this.bufStart + recordStart, this.fields);
			}
			append(i, q - i);
			if (q + 1 < lim && b[q + 1] == this.quote) {
				appendByte(this.quote);
				i = q + 2;
				continue;
			}
			if (q + 1 >= lim && !this.eof) {
				return -1; // cannot tell a closing quote from a doubled one yet
			}
			endField(true);
			return q + 1;
		}
	}

	private void append(int from, int len) {
		if (this.outLen + len > this.out.length) {
			this.out = Arrays.copyOf(this.out, Math.max(this.out.length * 2, this.outLen + len));
		}
		System.arraycopy(this.buf, from, this.out, this.outLen, len);
		this.outLen += len;
	}

	private void appendByte(byte value) {
		if (this.outLen == this.out.length) {
			this.out = Arrays.copyOf(this.out, this.out.length * 2);
		}
		this.out[this.outLen++] = value;
	}

	private void endField(boolean quoted) {
		if (this.fields == this.ends.length) {
			this.ends = Arrays.copyOf(this.ends, this.ends.length * 2);
		}
		this.ends[this.fields++] = quoted ? RawRecord.quotedEnd(this.outLen) : this.outLen;
	}

	/** Keeps the unread bytes, makes room (growing the buffer for a long record) and reads more. */
	private void refill() throws IOException {
		int keep = this.limit - this.pos;
		if (this.pos > 0) {
			System.arraycopy(this.buf, this.pos, this.buf, 0, keep);
			this.bufStart += this.pos;
			this.pos = 0;
			this.limit = keep;
		}
		else if (this.limit == this.buf.length) {
			this.buf = Arrays.copyOf(this.buf, this.buf.length * 2);
		}
		int n = this.channel.read(ByteBuffer.wrap(this.buf, this.limit, this.buf.length - this.limit),
				this.bufStart + this.limit);
		if (n < 0) {
			this.eof = true;
		}
		else {
			this.limit += n;
		}
	}

	private static String printable(byte c) {
		return (c >= 32 && c < 127) ? String.valueOf((char) c) : String.format("\\x%02x", c & 0xff);
	}

}
