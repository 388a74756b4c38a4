package io.rowlift.source.csv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

import io.rowlift.source.InputBytes;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;

/**
 * Reads records straight from the bytes of a file, from any record start on, following the
 * transitions of {@link CsvStateMachine} (so every record it starts at is a split point the
 * {@link RecordBoundaryScanner} can find, and the other way round).
 *
 * <p>Fields stay bytes: quotes are removed, doubled quotes and escapes undone, an unquoted field
 * equal to the null token becomes an empty field, and nothing is decoded; a column binder converts
 * the bytes. Runs of ordinary bytes are found with a lookup table and copied with
 * {@code System.arraycopy}. A record that breaks the grammar (a character after a closing quote, a
 * quote never closed) is still returned, whole, with its {@link RecordProblem}, so a load can
 * reject it and go on at the next record. Comment lines are skipped.
 *
 * <p>Uses positional reads, so it never moves the channel's position. Not thread-safe: one parser
 * per reader.
 */
public final class CsvRecordParser {

	private static final int NEED_MORE = -1;

	private final InputBytes bytes;

	private final byte delimiter;

	private final byte quote;

	private final byte end;

	private final int escape;

	private final int comment;

	private final byte[] nullValue;

	/** Bytes that end a run inside an unquoted field: delimiter, record end, escape. */
	private final StopBytes unquotedStop;

	/** Bytes that end a run inside a quoted field: quote, escape, record end (counted as a line). */
	private final StopBytes quotedStop;

	private final int maxRecordSize;

	private byte[] buf;

	/** File offset of {@code buf[0]}. */
	private long bufStart;

	private int pos;

	private int limit;

	private boolean eof;

	private long line;

	private byte[] out = new byte[256];

	private int outLen;

	private int fieldStart;

	private int rawFieldStart;

	private int lastEscaped = -1;

	private int[] ends = new int[16];

	private int fields;

	private int lines;

	private RecordProblem problem;

	/** Whether the record returned last is a blank line. */
	private boolean blankLine;

	/**
	 * @param channel the file, read with positional reads
	 * @param format the dialect, with a resolved line ending
	 * @param bufferSize initial read buffer size in bytes
	 * @param maxRecordSize longest record accepted, in bytes
	 */
	public CsvRecordParser(FileChannel channel, CsvFormat format, int bufferSize, int maxRecordSize) {
		this(InputBytes.of(channel), format, bufferSize, maxRecordSize);
	}

	/**
	 * A parser of any input's bytes: a plain file's, or a compressed file's decompressed bytes, which it
	 * reads forward from where it was {@linkplain #seek sought} (each read starts where the last one ended).
	 * @param bytes the data, read with positional reads
	 * @param format the dialect, with a resolved line ending
	 * @param bufferSize initial read buffer size in bytes
	 * @param maxRecordSize longest record accepted, in bytes
	 */
	public CsvRecordParser(InputBytes bytes, CsvFormat format, int bufferSize, int maxRecordSize) {
		this.bytes = bytes;
		this.delimiter = format.delimiter();
		this.quote = format.quote();
		this.end = format.endByte();
		this.escape = format.escape();
		this.comment = format.comment();
		this.nullValue = format.nullValue();
		this.unquotedStop = new StopBytes(this.delimiter & 0xff, this.end & 0xff, this.escape);
		this.quotedStop = new StopBytes(this.quote & 0xff, this.end & 0xff, this.escape);
		this.buf = new byte[Math.max(64, bufferSize)];
		this.maxRecordSize = maxRecordSize;
	}

	/** Positions the parser at {@code offset}, which must be a record start, on relative line {@code line}. */
	public void seek(long offset, long line) {
		this.bufStart = offset;
		this.pos = 0;
		this.limit = 0;
		this.eof = false;
		this.line = line;
	}

	/** File offset of the next unread record (just past the last record returned). */
	public long position() {
		return this.bufStart + this.pos;
	}

	/** The relative line of the next unread record. */
	public long line() {
		return this.line;
	}

	/**
	 * Reads the record at {@link #position()}, skipping comment lines before it.
	 * @return the record, or {@code null} at the end of the file
	 * @throws CsvSyntaxException for a record longer than the maximum (its end cannot be found)
	 * @throws IOException when the file cannot be read
	 */
	public RawRecord next() throws IOException {
		while (true) {
			if (this.pos == this.limit) {
				if (this.eof) {
					return null;
				}
				refill();
				continue;
			}
			int end = this.comment >= 0 && this.buf[this.pos] == this.comment ? skipComment(this.pos) : parse(this.pos);
			if (end == NEED_MORE) {
				if (this.limit - this.pos >= this.maxRecordSize) {
					throw new CsvSyntaxException("record longer than " + this.maxRecordSize
							+ " bytes; usually a quote that is never closed; if records really are this long, raise rowlift.source.max-record-size",
							this.bufStart + this.pos, this.bufStart + this.pos, 0);
				}
				refill();
				continue;
			}
			if (this.fields < 0) { // a comment line
				this.line += this.lines;
				this.pos = end;
				continue;
			}
			RawRecord record = new RawRecord(Arrays.copyOf(this.out, this.outLen), Arrays.copyOf(this.ends, this.fields),
					this.bufStart + this.pos, this.line, end - this.pos, this.lines, this.problem);
			this.blankLine = blankLine(this.pos, end);
			this.line += this.lines;
			this.pos = end;
			return record;
		}
	}

	/**
	 * Whether the record returned last was a blank line: nothing before its line end ({@code \n}, {@code \r\n} or
	 * the CR of a CR file), or a lone {@code \r} at the very end of the file, which ends a record like a CRLF cut
	 * short. It is returned as a record of one empty field, like any line; the reader decides what it is
	 * ({@code rowlift.source.blank-lines}). A line holding only {@code ""} or the null token is no blank line.
	 */
	public boolean blankLine() {
		return this.blankLine;
	}

	/** Whether the record's bytes {@code buf[start, end)} are a line end and nothing else. */
	private boolean blankLine(int start, int end) {
		int length = end - start;
		if (length == 1) {
			return this.buf[start] == this.end || (this.end == '\n' && this.buf[start] == '\r');
		}
		return length == 2 && this.end == '\n' && this.buf[start] == '\r' && this.buf[start + 1] == '\n';
	}

	private int skipComment(int start) {
		this.lines = 0;
		for (int i = start; i < this.limit; i++) {
			if (this.buf[i] == this.end) {
				this.lines = 1;
				this.fields = -1;
				return i + 1;
			}
		}
		if (!this.eof) {
			return NEED_MORE;
		}
		this.fields = -1;
		return this.limit;
	}

	/** Parses one record starting at {@code start}; returns the index after it, or NEED_MORE. */
	private int parse(int start) {
		this.outLen = 0;
		this.fields = 0;
		this.lines = 0;
		this.problem = null;
		this.lastEscaped = -1;
		final byte[] b = this.buf;
		final int lim = this.limit;
		int i = start;
		while (true) { // at a field's start
			this.fieldStart = this.outLen;
			if (i >= lim) {
				if (!this.eof) {
					return NEED_MORE;
				}
				endField(false); // a delimiter right before the end of the file: one more, empty field
				return i;
			}
			if (b[i] == this.quote) {
				int j = quoted(i + 1, start);
				if (j == NEED_MORE) {
					return NEED_MORE;
				}
				if (j >= lim) {
					if (!this.eof) {
						return NEED_MORE;
					}
					return j;
				}
				byte c = b[j];
				if (c == this.delimiter) {
					i = j + 1;
					continue;
				}
				if (c == this.end) {
					this.lines++;
					return j + 1;
				}
				if (c == '\r' && this.end == '\n') {
					if (j + 1 >= lim) {
						if (!this.eof) {
							return NEED_MORE;
						}
						return j + 1;
					}
					if (b[j + 1] == '\n') {
						this.lines++;
						return j + 2;
					}
					problem("a carriage return after the closing quote of field " + this.fields
							+ " that does not end the record", j, this.fields - 1);
					if (b[j + 1] == this.delimiter) {
						i = j + 2;
						continue;
					}
					j++;
				}
				else {
					problem("unexpected character '" + printable(c) + "' after the closing quote of field " + this.fields
							+ "; a quote inside a quoted field must be written twice (\"\")", j, this.fields - 1);
				}
				int k = skipBad(j);
				if (k == NEED_MORE) {
					return NEED_MORE;
				}
				if (k >= lim) {
					return k;
				}
				if (b[k] == this.delimiter) {
					this.fieldStart = this.outLen;
					i = k + 1;
					continue;
				}
				this.lines++;
				return k + 1;
			}
			int j = unquoted(i);
			if (j == NEED_MORE) {
				return NEED_MORE;
			}
			if (j >= lim) {
				return j;
			}
			if (b[j] == this.delimiter) {
				i = j + 1;
				continue;
			}
			this.lines++; // the record end
			return j + 1;
		}
	}

	/** Reads an unquoted field from {@code i}; returns the index of its delimiter or record end (or the limit at EOF). */
	private int unquoted(int i) {
		final byte[] b = this.buf;
		final int lim = this.limit;
		final StopBytes stop = this.unquotedStop;
		this.rawFieldStart = i;
		while (true) {
			int s = i;
			i = stop.next(b, i, lim);
			if (i >= lim && !this.eof) {
				return NEED_MORE;
			}
			append(s, i - s);
			if (i >= lim) {
				stripCarriageReturn();
				nullToken(i);
				endField(false);
				return i;
			}
			if (this.escape >= 0 && (b[i] & 0xff) == this.escape) {
				if (i + 1 >= lim) {
					if (!this.eof) {
						return NEED_MORE;
					}
					endField(false); // a lone escape at the very end: nothing to escape
					return lim;
				}
				if (b[i + 1] == this.end) {
					this.lines++;
				}
				appendByte(b[i + 1]);
				this.lastEscaped = this.outLen - 1;
				i += 2;
				continue;
			}
			if (b[i] == this.end) {
				stripCarriageReturn();
			}
			nullToken(i);
			endField(false);
			return i;
		}
	}

	/**
	 * An unquoted field whose bytes, as written (escapes included, so {@code \N} with escape
	 * {@code \}), are the null token becomes an empty field.
	 */
	private void nullToken(int rawEnd) {
		if (this.nullValue == null) {
			return;
		}
		int end = rawEnd;
		if (this.end == '\n' && end > this.rawFieldStart && this.buf[end - 1] == '\r') {
			end--;
		}
		if (end - this.rawFieldStart == this.nullValue.length
				&& Arrays.equals(this.buf, this.rawFieldStart, end, this.nullValue, 0, this.nullValue.length)) {
			this.outLen = this.fieldStart;
		}
	}

	/** Copies a quoted field's content from {@code i} (after the opening quote); returns the index after the closing quote. */
	private int quoted(int i, int recordStart) {
		final byte[] b = this.buf;
		final int lim = this.limit;
		final int open = i - 1;
		final StopBytes stop = this.quotedStop;
		while (true) {
			int q = stop.next(b, i, lim);
			if (q >= lim) {
				if (!this.eof) {
					return NEED_MORE;
				}
				append(i, q - i);
				problem("the quote that opens this field is never closed before the end of the file; "
						+ "close it, and write a quote inside a quoted field twice (\"\")", open, this.fields);
				endField(true);
				return lim;
			}
			append(i, q - i);
			byte c = b[q];
			if (c == this.end && c != this.quote) {
				this.lines++;
				appendByte(c);
				i = q + 1;
				continue;
			}
			if (this.escape >= 0 && (c & 0xff) == this.escape) {
				if (q + 1 >= lim) {
					if (!this.eof) {
						return NEED_MORE;
					}
					problem("the quote that opens this field is never closed before the end of the file", open, this.fields);
					endField(true);
					return lim;
				}
				if (b[q + 1] == this.end) {
					this.lines++;
				}
				appendByte(b[q + 1]);
				i = q + 2;
				continue;
			}
			// a quote: doubled, or closing
			if (q + 1 >= lim && !this.eof) {
				return NEED_MORE; // cannot tell a closing quote from a doubled one yet
			}
			if (q + 1 < lim && b[q + 1] == this.quote) {
				appendByte(this.quote);
				i = q + 2;
				continue;
			}
			endField(true);
			return q + 1;
		}
	}

	/** After garbage following a closing quote: skips to the next delimiter or record end (the grammar's BAD state). */
	private int skipBad(int i) {
		final byte[] b = this.buf;
		final int lim = this.limit;
		while (i < lim && b[i] != this.delimiter && b[i] != this.end) {
			i++;
		}
		if (i >= lim && !this.eof) {
			return NEED_MORE;
		}
		return i;
	}

	private void stripCarriageReturn() {
		if (this.end == '\n' && this.outLen > this.fieldStart && this.out[this.outLen - 1] == '\r'
				&& this.lastEscaped != this.outLen - 1) {
			this.outLen--; // CRLF record end: the CR belongs to the terminator
		}
	}

	private void problem(String message, int at, int field) {
		if (this.problem == null) {
			this.problem = new RecordProblem(message, this.bufStart + at, Math.max(0, field));
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
		int n = this.bytes.read(ByteBuffer.wrap(this.buf, this.limit, this.buf.length - this.limit),
				this.bufStart + this.limit);
		if (n < 0) {
			this.eof = true;
		}
		else {
			this.limit += n;
		}
	}

	static String printable(byte c) {
		return (c >= 32 && c < 127) ? String.valueOf((char) c) : String.format("\\x%02x", c & 0xff);
	}

}
