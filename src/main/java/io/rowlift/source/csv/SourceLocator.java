package io.rowlift.source.csv;

import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;
import io.rowlift.model.RecordLocator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.rowlift.source.ByteRange;
import io.rowlift.source.Compression;
import io.rowlift.source.InputBytes;
import io.rowlift.source.TranscodedBytes;
import io.rowlift.source.WideCharset;

/**
 * Turns positions inside one partition into the contract's message prefix
 * {@code file:line:column (byte offset)}: line = 1-based physical line, column = 1-based field,
 * byte = 0-based offset of the field (of a compressed file: in its decompressed data, said as
 * "uncompressed byte"). The partition's first line is counted from the start of the file the first time
 * a message needs it. Thread-safe for one partition's use (messages are rare;
 * the lazy count is synchronized).
 */
public final class SourceLocator implements RecordLocator {

	private final Path file;

	private final String displayName;

	private final CsvFormat format;

	private final long rangeStart;

	private long firstLine;

	private final Compression compression;

	/** A compressed input's bytes, kept open between messages: read forward, so in-order rejects decompress the file once. */
	private InputBytes decompressed;

	/**
	 * @param file the input
	 * @param displayName how messages name the file (the path as the operator gave it)
	 * @param format the dialect, to find fields inside a record
	 * @param range the partition; its first line may be unknown (-1)
	 */
	public SourceLocator(Path file, String displayName, CsvFormat format, ByteRange range) {
		this(file, displayName, format, range, Compression.NONE);
	}

	/**
	 * A locator of a compressed input's records (offsets are uncompressed offsets): each message
	 * decompresses on from the last one, or from the start for an earlier record.
	 */
	public SourceLocator(Path file, String displayName, CsvFormat format, ByteRange range, Compression compression) {
		this.compression = compression;
		this.file = file;
		this.displayName = displayName;
		this.format = format;
		this.rangeStart = range.start();
		this.firstLine = range.firstLine();
	}

	/** The physical line of the partition's first record, counting line feeds before it if needed. */
	public synchronized long firstLine() {
		if (this.firstLine < 0) {
			this.firstLine = (this.format.wide() == null ? LineCounter.count(this.file, 0, this.rangeStart, this.format.endByte())
					: lines(0, this.rangeStart)) + 1;
		}
		return this.firstLine;
	}

	/** The absolute physical line where {@code record} starts. */
	@Override
	public long line(RawRecord record) {
		return firstLine() + record.line();
	}

	@Override
	public Location where(RawRecord record, int field) {
		long recordLine = line(record);
		if (field < 0) {
			return new Location(this.displayName, recordLine, recordLine, 0, record.offset(), this.compression.compressed());
		}
		long[] found = locateField(record, field);
		return new Location(this.displayName, recordLine + found[1], recordLine, field + 1, found[0], this.compression.compressed());
	}

	/**
	 * Byte {@code at} of the field's value, when it is not ASCII (a byte a decoder refused): the value's bytes
	 * are the file's, less quotes, escapes and line-end bytes, all ASCII, so its n-th non-ASCII byte is the
	 * field's n-th in the file. Else, and in a UTF-16 or UTF-32 file (whose values are a UTF-8 copy), the field.
	 */
	@Override
	public Location where(RawRecord record, int field, int at) {
		Location place = where(record, field);
		if (at < 0 || this.format.wide() != null || record.data()[record.start(field) + at] >= 0) {
			return place;
		}
		int before = 0;
		for (int i = record.start(field), end = record.start(field) + at; i < end; i++) {
			if (record.data()[i] < 0) {
				before++;
			}
		}
		int nth = before;
		long offset;
		try {
			offset = read(bytes -> nonAscii(bytes, place.offset(), nth));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + this.displayName + " at byte " + place.offset(), ex);
		}
		if (offset < 0) {
			return place;
		}
		long recordLine = line(record);
		return new Location(this.displayName, recordLine + lines(record.offset(), offset), recordLine, field + 1, offset,
				this.compression.compressed());
	}

	/** The offset of the non-ASCII byte that {@code skip} others precede from {@code from} on, or -1 at the data's end. */
	private static long nonAscii(InputBytes bytes, long from, int skip) throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
		byte[] b = buffer.array();
		int left = skip;
		for (long at = from;;) {
			buffer.clear();
			int n = bytes.read(buffer, at); // 0: a decompressor gave nothing this time
			if (n < 0) {
				return -1;
			}
			for (int i = 0; i < n; i++) {
				if (b[i] < 0 && left-- == 0) {
					return at + i;
				}
			}
			at += n;
		}
	}

	@Override
	public Location where(RawRecord record, RecordProblem problem) {
		long recordLine = line(record);
		long line = recordLine + lines(record.offset(), problem.offset());
		return new Location(this.displayName, line, recordLine, problem.field() + 1, problem.offset(),
				this.compression.compressed());
	}

	@Override
	public byte[] raw(RawRecord record) {
		byte[] raw = new byte[record.rawLength()];
		try {
			WideCharset wide = this.format.wide();
			if (wide != null) {
				// the record as it was, in UTF-8: a reject file of a UTF-16 or UTF-32 input is UTF-8, its header too
				return read(bytes -> TranscodedBytes.utf8(bytes, wide, record.offset(), record.offset() + record.rawLength()));
			}
			return read(bytes -> {
				ByteBuffer buffer = ByteBuffer.wrap(raw);
				while (buffer.hasRemaining() && bytes.read(buffer, record.offset() + buffer.position()) > 0) {
					// read on
				}
				return raw;
			});
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + this.displayName + " at byte " + record.offset(), ex);
		}
	}

	/** Message prefix for a syntax problem found by the parser. */
	String at(CsvSyntaxException problem, long recordLineRelative) {
		long recordLine = firstLine() + recordLineRelative;
		long line = recordLine + lines(problem.recordOffset(), problem.offset());
		String where = this.displayName + ":" + line + ":" + (problem.field() + 1) + " ("
				+ Location.bytePrefix(this.compression.compressed()) + problem.offset() + ")";
		return line == recordLine ? where : where + " in a record that starts at line " + recordLine;
	}

	/** Returns {byte offset of the field, record ends between the record start and the field}. */
	private long[] locateField(RawRecord record, int field) {
		long recordOffset = record.offset();
		CsvStateMachine machine = new CsvStateMachine(this.format);
		byte end = this.format.endByte();
		if (field == 0) {
			return new long[] { recordOffset, 0 };
		}
		try {
			WideCharset wide = this.format.wide();
			if (wide != null) {
				// scanned in the record's UTF-8 copy, the field's place mapped back to the file's bytes
				byte[] utf8 = raw(record);
				long[] found = scanFields(of(utf8, recordOffset), recordOffset, field, machine, end);
				found[0] = recordOffset + wide.fileLength(utf8, 0, (int) (found[0] - recordOffset));
				return found;
			}
			return read(channel -> scanFields(channel, recordOffset, field, machine, end));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private long[] scanFields(InputBytes channel, long recordOffset, int field, CsvStateMachine machine, byte end)
			throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
		byte[] bytes = buffer.array();
		long at = recordOffset;
		int current = 0;
		long lines = 0;
		int state = CsvStateMachine.RECORD_START;
		while (true) {
			buffer.clear();
			int n = channel.read(buffer, at);
			if (n <= 0) {
				return new long[] { at, lines };
			}
			for (int i = 0; i < n; i++) {
				state = machine.next(state, bytes[i]);
				if (state == CsvStateMachine.RECORD_START) {
					return new long[] { at + i, lines }; // fewer fields than asked: point at the record end
				}
				if (bytes[i] == end) {
					lines++;
				}
				if (state == CsvStateMachine.FIELD_START && bytes[i] == this.format.delimiter() && ++current == field) {
					return new long[] { at + i + 1, lines };
				}
			}
			at += n;
		}
	}

	/** Line ends in {@code [from, to)} of the data (of a UTF-16 or UTF-32 file: in its UTF-8 copy). */
	private long lines(long from, long to) {
		try {
			WideCharset wide = this.format.wide();
			if (wide != null) {
				return read(bytes -> LineCounter.count(new TranscodedBytes(bytes, wide).limit(to), from, Long.MAX_VALUE,
						this.format.endByte()));
			}
			return read(bytes -> LineCounter.count(bytes, from, to, this.format.endByte()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + this.displayName + " to count lines: " + ex.getMessage(), ex);
		}
	}

	private interface Reading<T> {
		T from(InputBytes bytes) throws IOException;
	}

	/** Runs {@code reading} on the data: a plain file opened for it, or the compressed input's kept stream. */
	private synchronized <T> T read(Reading<T> reading) throws IOException {
		if (!this.compression.compressed()) {
			try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
				return reading.from(InputBytes.of(channel));
			}
		}
		if (this.decompressed == null) {
			this.decompressed = this.compression.open(this.file, this.displayName);
		}
		return reading.from(this.decompressed);
	}

	/** {@code bytes} as the data at {@code base}. */
	private static InputBytes of(byte[] bytes, long base) {
		return new InputBytes() {
			@Override
			public int read(ByteBuffer dst, long position) {
				int from = (int) (position - base);
				if (from >= bytes.length) {
					return -1;
				}
				int n = Math.min(dst.remaining(), bytes.length - from);
				dst.put(bytes, from, n);
				return n;
			}

			@Override
			public void close() {
				// nothing held
			}
		};
	}

	public String displayName() {
		return this.displayName;
	}

}
