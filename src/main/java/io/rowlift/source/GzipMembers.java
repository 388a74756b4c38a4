package io.rowlift.source;

import java.io.EOFException;
import java.io.IOException;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * gzip (RFC 1952) decompressed member after member, as the JDK's {@code GZIPInputStream} reads it (the same
 * checks and messages: header, CRC-32 and length of each member; bytes after the last member that are no
 * member are ignored), but telling where each member starts ({@link FrameStarts}): the JDK's stream hides it.
 * So a resume can start at the member that holds its position ({@link DecompressedBytes}). One
 * {@link Inflater} (raw deflate) with a 64 KiB input buffer, as the JDK's stream has.
 *
 * <p>{@link #consumed()} is the exact compressed byte the inflater has consumed (read less what is still in
 * the buffer): where a damaged stream broke. Not thread-safe.
 */
final class GzipMembers extends FramedStream {

	private static final int FHCRC = 2;

	private static final int FEXTRA = 4;

	private static final int FNAME = 8;

	private static final int FCOMMENT = 16;

	private final CountingInput in;

	private final FrameStarts starts;

	private final byte[] buffer = new byte[64 * 1024];

	/** The compressed bytes read not yet consumed: {@code buffer[pos, lim)}, {@code buffer[0]} at file offset {@code bufferStart}. */
	private int pos;

	private int lim;

	private long bufferStart;

	private final Inflater inflater = new Inflater(true);

	private final CRC32 crc = new CRC32();

	private final CRC32 headerCrc = new CRC32();

	/** Uncompressed offset of the next byte given. */
	private long out;

	private boolean inMember;

	private boolean ended;

	/**
	 * Reads the first member's header (a file that is no gzip fails here, as the JDK's stream does).
	 * @param in the file from a member's start on (its count that start's offset)
	 * @param uncompressedStart the uncompressed offset that member starts at
	 * @param starts told each member's start
	 */
	GzipMembers(CountingInput in, long uncompressedStart, FrameStarts starts) throws IOException {
		this.in = in;
		this.bufferStart = in.count();
		this.out = uncompressedStart;
		this.starts = starts;
		readHeader();
	}

	@Override
	public int read(byte[] b, int off, int len) throws IOException {
		if (len == 0) {
			return 0;
		}
		while (true) {
			if (this.ended) {
				return -1;
			}
			if (!this.inMember && !nextMember()) {
				this.ended = true;
				return -1;
			}
			if (this.inflater.needsInput()) {
				if (this.pos == this.lim && fill() < 0) {
					throw new EOFException("Unexpected end of ZLIB input stream");
				}
				this.inflater.setInput(this.buffer, this.pos, this.lim - this.pos);
			}
			int n;
			try {
				n = this.inflater.inflate(b, off, len);
			}
			catch (DataFormatException ex) {
				this.pos = this.lim - this.inflater.getRemaining();
				throw new ZipException(ex.getMessage() != null ? ex.getMessage() : "Invalid ZLIB data format");
			}
			this.pos = this.lim - this.inflater.getRemaining();
			if (n > 0) {
				this.crc.update(b, off, n);
				this.out += n;
			}
			if (this.inflater.finished()) {
				readTrailer();
				this.inMember = false;
			}
			else if (n == 0 && this.inflater.needsDictionary()) {
				throw new ZipException("ZLIB dictionary missing");
			}
			if (n > 0) {
				return n;
			}
		}
	}

	/** After a member's trailer: the next member's header, or the end (nothing more, or bytes that are no member). */
	private boolean nextMember() throws IOException {
		if (this.pos == this.lim && fill() < 0) {
			return false;
		}
		try {
			readHeader();
			return true;
		}
		catch (IOException ex) { // as the JDK's stream: what follows the last member and is none is ignored
			return false;
		}
	}

	private void readHeader() throws IOException {
		long start = this.bufferStart + this.pos;
		this.headerCrc.reset();
		if (headerByte() != 0x1f || headerByte() != 0x8b) {
			throw new ZipException("Not in GZIP format");
		}
		if (headerByte() != 8) {
			throw new ZipException("Unsupported compression method");
		}
		int flags = headerByte();
		for (int i = 0; i < 6; i++) { // modification time, extra flags, operating system
			headerByte();
		}
		if ((flags & FEXTRA) != 0) {
			int length = headerByte() | headerByte() << 8;
			for (int i = 0; i < length; i++) {
				headerByte();
			}
		}
		if ((flags & FNAME) != 0) {
			while (headerByte() != 0) {
				// the original file name
			}
		}
		if ((flags & FCOMMENT) != 0) {
			while (headerByte() != 0) {
				// the comment
			}
		}
		if ((flags & FHCRC) != 0) {
			int want = (int) this.headerCrc.getValue() & 0xffff;
			if ((readByte() | readByte() << 8) != want) {
				throw new ZipException("Corrupt GZIP header");
			}
		}
		this.inflater.reset();
		this.crc.reset();
		this.inMember = true;
		this.starts.add(new FrameStart(start, this.out));
	}

	private void readTrailer() throws IOException {
		long crc = readUInt();
		long size = readUInt();
		if (crc != this.crc.getValue() || size != (this.inflater.getBytesWritten() & 0xffffffffL)) {
			throw new ZipException("Corrupt GZIP trailer");
		}
	}

	private long readUInt() throws IOException {
		return (readByte() | readByte() << 8 | readByte() << 16 | (long) readByte() << 24) & 0xffffffffL;
	}

	private int headerByte() throws IOException {
		int b = readByte();
		this.headerCrc.update(b);
		return b;
	}

	private int readByte() throws IOException {
		if (this.pos == this.lim && fill() < 0) {
			throw new EOFException();
		}
		return this.buffer[this.pos++] & 0xff;
	}

	/** Reads the next bytes into the (consumed) buffer: their count, or -1 at the file's end. */
	private int fill() throws IOException {
		this.bufferStart += this.lim;
		this.pos = 0;
		this.lim = 0;
		int n;
		do {
			n = this.in.read(this.buffer, 0, this.buffer.length);
		}
		while (n == 0);
		if (n > 0) {
			this.lim = n;
		}
		return n;
	}

	@Override
	long consumed() {
		return this.bufferStart + this.pos;
	}

	@Override
	public void close() throws IOException {
		try {
			this.inflater.end();
		}
		finally {
			this.in.close();
		}
	}

}
