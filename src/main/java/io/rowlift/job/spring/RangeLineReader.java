package io.rowlift.job.spring;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import io.rowlift.model.UndecodableBytes;
import io.rowlift.source.BlankLines;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.CsvFormat;

/**
 * The records of one {@link ByteRange}, for a {@code FlatFileItemReader}, each as one "line": it
 * reads only the bytes {@code [start, end)} of the file, so the reader sees the range as a file of
 * its own, and it remembers where each physical line starts in the file, so that records can be
 * located (line, byte offset, raw bytes for the reject file) exactly as the fast path locates them.
 *
 * <p>A physical line ends at the format's end byte ({@code \n}, or {@code \r} for CR files); with
 * {@code \n} a {@code \r} right before it is dropped from the line, and so is one right before the end
 * of the file (as the fast path reads it). Lines are decoded with the file's
 * charset. A record whose quoted field spans lines ({@link QuoteScan}) is returned with its lines
 * joined back by the terminators that were in the file, in one pass: each character is scanned
 * and copied once, so a record costs O(its length) however many lines it spans (Spring Batch's own
 * joining, through the record separator policy, costs O(length * lines); see
 * {@link QuoteBalancePolicy}). A line starting with the comment character at a record's start is
 * returned alone, for the {@code FlatFileItemReader} to skip. A blank line at a record's start (nothing before its
 * line end, a lone CR at the end of the file included, as the fast path reads it) is skipped and counted
 * ({@link #blankLines()}), or under {@code rowlift.source.blank-lines=fail} returned, empty, for the mapper to refuse.
 *
 * <p>Only {@link #readLine()} and {@link #close()} are supported: that is all Spring Batch's reader
 * calls. Not thread-safe: one per partition.
 */
final class RangeLineReader extends BufferedReader {

	/** Lines remembered: a record may span at most this many lines. */
	static final int REMEMBERED = 1 << 16;

	private static final int MASK = REMEMBERED - 1;

	private final FileChannel channel;

	private final Charset charset;

	private final byte endByte;

	private final long end;

	private final ByteBuffer buffer;

	private final QuoteScan scan;

	private final int comment;

	private final BlankLines blankRule;

	/** Blank lines skipped since the range's start. */
	private long blankLines;

	/** Whether the record returned last is a blank line (only under {@link BlankLines#FAIL}: else it is skipped). */
	private boolean lastBlank;

	/** Whether the record returned last ended outside quotes (false: the range ended inside one). */
	private boolean recordComplete = true;

	/** File offset of {@code buffer}'s position 0. */
	private long bufferStart;

	private byte[] line = new byte[256];

	/** Offset just past the last line returned (its terminator included). */
	private long position;

	/** Lines returned so far, the first being line 1. */
	private int lines;

	private final long[] starts = new long[REMEMBERED];

	private final String[] terminators = new String[REMEMBERED];

	/** The first bytes of the last record returned that the charset cannot decode, or null. */
	private Undecodable undecodable;

	/** The first undecodable bytes of the last physical line read, or null; their file offset. */
	private UndecodableBytes lineUndecodable;

	private long lineUndecodableOffset;

	/**
	 * @param file the input
	 * @param range the bytes to read
	 * @param format the file's dialect: its charset (ASCII-compatible), end byte, quote, delimiter, escape, comment
	 * @param bufferSize read buffer, bytes
	 */
	RangeLineReader(Path file, ByteRange range, CsvFormat format, int bufferSize) throws IOException {
		this(file, range, format, bufferSize, BlankLines.SKIP);
	}

	/** @param blankLines what a blank line is ({@code rowlift.source.blank-lines}) */
	RangeLineReader(Path file, ByteRange range, CsvFormat format, int bufferSize, BlankLines blankLines) throws IOException {
		super(Reader.nullReader(), 1);
		this.blankRule = blankLines;
		this.channel = FileChannel.open(file, StandardOpenOption.READ);
		this.charset = format.charset();
		this.endByte = format.endByte();
		this.scan = new QuoteScan(format);
		this.comment = format.comment();
		this.end = range.end();
		this.position = range.start();
		this.bufferStart = range.start();
		this.buffer = ByteBuffer.allocate(Math.max(bufferSize, 4096));
		this.buffer.flip();
	}

	/**
	 * The next record of the range: its physical lines up to one where no quoted field is open,
	 * joined by their terminators; null at the end of the range. A record still open at the end of
	 * the range is returned as far as it goes, and {@link #recordComplete()} is then false.
	 */
	@Override
	public String readLine() throws IOException {
		String first = nextLine();
		while (first != null && first.isEmpty() && this.blankRule.skipped()) {
			this.blankLines++;
			first = nextLine();
		}
		if (first == null) {
			return null;
		}
		this.lastBlank = first.isEmpty();
		this.recordComplete = true;
		this.undecodable = null;
		noteUndecodable(0);
		if (this.comment >= 0 && !first.isEmpty() && first.charAt(0) == this.comment) {
			return first; // a comment line: the FlatFileItemReader skips it
		}
		this.scan.reset();
		this.scan.feed(first);
		if (this.scan.complete()) {
			return first;
		}
		StringBuilder record = new StringBuilder(first);
		while (!this.scan.complete()) {
			String terminator = lastTerminator();
			String next = nextLine();
			if (next == null) {
				this.recordComplete = false;
				break;
			}
			record.append(terminator);
			noteUndecodable(record.length());
			record.append(next);
			this.scan.feed(terminator);
			this.scan.feed(next);
		}
		return record.toString();
	}

	/** Blank lines skipped since the range's start (none under {@link BlankLines#FAIL}). */
	long blankLines() {
		return this.blankLines;
	}

	/** Whether the record returned last by {@link #readLine()} is a blank line (returned under {@link BlankLines#FAIL}). */
	boolean lastBlank() {
		return this.lastBlank;
	}

	/** Keeps the last line's undecodable bytes as the record's, if it has none yet; the line starts at {@code chars} of the record. */
	private void noteUndecodable(int chars) {
		if (this.undecodable == null && this.lineUndecodable != null) {
			this.undecodable = new Undecodable(this.lineUndecodable.description(), this.lineUndecodableOffset,
					chars + this.lineUndecodable.chars());
		}
	}

	/** The first bytes of the record returned last that the file's charset cannot decode (its text has U+FFFD there), or null. */
	Undecodable undecodable() {
		return this.undecodable;
	}

	/**
	 * Bytes of a record that the file's charset cannot decode.
	 *
	 * @param description the bytes as the file holds them, and the charset ({@link UndecodableBytes#description})
	 * @param offset their file offset
	 * @param at the index in the record's text of the replacement character they became
	 */
	record Undecodable(String description, long offset, int at) {
	}

	/** Whether the record returned last by {@link #readLine()} ended outside quotes. */
	boolean recordComplete() {
		return this.recordComplete;
	}

	/** Characters the record-end scan has looked at, over all records: O(bytes read), for tests. */
	long scanned() {
		return this.scan.scanned();
	}

	/** The next physical line of the range, without its terminator; null at the end of the range. */
	private String nextLine() throws IOException {
		if (this.position >= this.end) {
			return null;
		}
		long start = this.position;
		int length = 0;
		boolean terminated = false;
		while (!terminated) {
			if (!this.buffer.hasRemaining() && !fill()) {
				break;
			}
			byte[] bytes = this.buffer.array();
			int from = this.buffer.position();
			int limit = this.buffer.limit();
			int i = from;
			while (i < limit && bytes[i] != this.endByte) {
				i++;
			}
			terminated = i < limit;
			int take = i - from;
			if (length + take > this.line.length) {
				this.line = Arrays.copyOf(this.line, Math.max(this.line.length * 2, length + take));
			}
			System.arraycopy(bytes, from, this.line, length, take);
			length += take;
			this.buffer.position(terminated ? i + 1 : limit);
		}
		long next = this.bufferStart + this.buffer.position();
		String terminator = "";
		if (terminated) {
			terminator = String.valueOf((char) this.endByte);
			if (this.endByte == '\n' && length > 0 && this.line[length - 1] == '\r') {
				length--;
				terminator = "\r\n";
			}
		}
		else if (this.endByte == '\n' && length > 0 && this.line[length - 1] == '\r') {
			// a CR right before the end of the file ends the record, as on the fast path (a file cut after
			// its last CR of CRLF), and is not a value's last character
			length--;
		}
		this.position = next; // the buffer never holds bytes past the range
		int number = ++this.lines;
		this.starts[number & MASK] = start;
		this.terminators[number & MASK] = terminator;
		String text = new String(this.line, 0, length, this.charset);
		// a decoder replaces what it cannot decode with U+FFFD: the file's own bytes are kept for the reject's message
		this.lineUndecodable = text.indexOf('\uFFFD') < 0 ? null : UndecodableBytes.find(this.charset, this.line, 0, length);
		this.lineUndecodableOffset = this.lineUndecodable == null ? -1 : start + this.lineUndecodable.at();
		return text;
	}

	/** Reads more of the range; false at its end. */
	private boolean fill() throws IOException {
		this.bufferStart += this.buffer.limit();
		this.buffer.clear();
		long left = this.end - this.bufferStart;
		if (left <= 0) {
			this.buffer.flip();
			return false;
		}
		if (left < this.buffer.capacity()) {
			this.buffer.limit((int) left);
		}
		int n = 0;
		while (this.buffer.hasRemaining() && (n = this.channel.read(this.buffer, this.bufferStart + this.buffer.position())) > 0) {
			// read on
		}
		this.buffer.flip();
		return this.buffer.hasRemaining();
	}

	/** Offset just past the last line returned: where a resume would go on. */
	long position() {
		return this.position;
	}

	/** Lines returned so far. */
	int lineCount() {
		return this.lines;
	}

	/** File offset where line {@code number} (1-based, among the last {@value #REMEMBERED}) starts. */
	long startOf(int number) {
		return this.starts[number & MASK];
	}

	/** The bytes that ended line {@code number}: {@code "\n"}, {@code "\r\n"}, {@code "\r"}, or "" at the end of the file. */
	String terminatorOf(int number) {
		return this.terminators[number & MASK];
	}

	/** The terminator of the last line returned. */
	String lastTerminator() {
		return this.terminators[this.lines & MASK];
	}

	@Override
	public void close() throws IOException {
		this.channel.close();
	}

}
