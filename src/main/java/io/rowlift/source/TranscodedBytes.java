package io.rowlift.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A UTF-16 or UTF-32 file's bytes as UTF-8 ({@link WideCharset}), for a byte-oriented parser: in UTF-8 an
 * ASCII byte is always that ASCII character, so the parser's delimiter, quote and line-end bytes mean what they
 * say, and the values it cuts are UTF-8. Code units are decoded here, not by a {@code CharsetDecoder}, so that
 * every position maps back exactly: a UTF-16 character is two bytes of the file (four above U+FFFF), a UTF-32
 * one four. An unpaired surrogate, a UTF-32 unit that is no character and a last unit cut short by the file's
 * end become U+FFFD, each taking the bytes it had.
 *
 * <p><b>Positions.</b> A read at a position other than where the last one ended starts over: that position is a
 * byte offset of the file, at a code unit boundary (a record start: a unit's or a saved position), and the
 * positions of the UTF-8 bytes given from there count on from it. So a parser {@linkplain #read sought} to a
 * file offset reads on in this UTF-8 space, and {@link #sourceOffset} maps any of its positions back to the
 * file's offset of the same place (of a record start, a field, a problem). Starting over at offset 0 skips the
 * charset's byte order mark. Mapping goes forward: a position behind the last one mapped is refused.
 *
 * <p>Cost: one pass over the code units and a copy of the UTF-8 bytes given (kept from the last mapped position
 * on, for mapping). Not thread-safe: one per reader.
 */
public final class TranscodedBytes implements InputBytes {

	private static final int IN = 64 * 1024;

	private final InputBytes raw;

	private final WideCharset wide;

	private final int unit;

	/** The file's bytes not yet decoded: {@code in[inPos, inLim)}, {@code in[0]} at file offset {@code inFile}. */
	private final byte[] in = new byte[IN];

	private int inPos;

	private int inLim;

	private long inFile;

	private boolean rawEnded;

	/** Decoding stops at this file offset (a record's end, for a locator), or never. */
	private long fileLimit = Long.MAX_VALUE;

	/** Position of the next byte to give; -1 before the first read. */
	private long given = -1;

	/** UTF-8 bytes of the last character that did not fit the reader's buffer. */
	private final byte[] pending = new byte[4];

	private int pendingPos;

	private int pendingLen;

	/** The UTF-8 bytes produced from position {@code histStart} (file offset {@code histFile}) on: {@code hist[histHead, histLen)}. */
	private byte[] hist = new byte[IN];

	private int histHead;

	private int histLen;

	private long histStart;

	private long histFile;

	/** Position after a last unit cut short, and the file's end: positions from there map to it. */
	private long shortStart = Long.MAX_VALUE;

	private long shortFile;

	/**
	 * @param raw the file's bytes (a plain file's, or a compressed file's decompressed ones); closed with this
	 * @param wide the charset they are in
	 */
	public TranscodedBytes(InputBytes raw, WideCharset wide) {
		this.raw = raw;
		this.wide = wide;
		this.unit = wide.unit();
	}

	/** Stops decoding at file offset {@code end} (a record's end): the data seems to end there. */
	public TranscodedBytes limit(long end) {
		this.fileLimit = end;
		return this;
	}

	/** The charset decoded. */
	public WideCharset wide() {
		return this.wide;
	}

	@Override
	public int read(ByteBuffer dst, long position) throws IOException {
		if (position != this.given) {
			startAt(position);
		}
		if (!dst.hasArray()) {
			byte[] copy = new byte[dst.remaining()];
			int n = read(ByteBuffer.wrap(copy), position);
			if (n > 0) {
				dst.put(copy, 0, n);
			}
			return n;
		}
		byte[] out = dst.array();
		int start = dst.arrayOffset() + dst.position();
		int o = start;
		int end = dst.arrayOffset() + dst.limit();
		while (this.pendingPos < this.pendingLen && o < end) {
			out[o++] = this.pending[this.pendingPos++];
		}
		int produced = o; // bytes before it were kept when they were produced
		while (o < end) {
			if (this.inLim - this.inPos >= 4 && end - o >= 4) {
				// the common case: a whole character buffered (a surrogate pair included) and room for its UTF-8
				byte[] in = this.in;
				int at = this.inPos;
				int cp = this.wide.unitAt(in, at);
				int used = this.unit;
				if (this.unit == 2) {
					if (cp >= 0xD800 && cp <= 0xDFFF) {
						int low = cp <= 0xDBFF ? this.wide.unitAt(in, at + 2) : 0;
						if (low >= 0xDC00 && low <= 0xDFFF) {
							cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
							used = 4;
						}
						else {
							cp = 0xFFFD;
						}
					}
				}
				else if (cp < 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
					cp = 0xFFFD;
				}
				this.inPos = at + used;
				if (cp < 0x80) {
					out[o++] = (byte) cp;
				}
				else {
					o += encode(cp, out, o);
				}
				continue;
			}
			int available = available(this.unit);
			if (available == 0) {
				break;
			}
			int cp;
			int used;
			if (available < this.unit) {
				cp = 0xFFFD;
				used = available;
			}
			else if (this.unit == 2) {
				int u = this.wide.unitAt(this.in, this.inPos);
				used = 2;
				cp = u;
				if (u >= 0xD800 && u <= 0xDBFF) {
					cp = 0xFFFD;
					if (available(4) >= 4) {
						int low = this.wide.unitAt(this.in, this.inPos + 2);
						if (low >= 0xDC00 && low <= 0xDFFF) {
							cp = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
							used = 4;
						}
					}
				}
				else if (u >= 0xDC00 && u <= 0xDFFF) {
					cp = 0xFFFD;
				}
			}
			else {
				cp = this.wide.unitAt(this.in, this.inPos);
				used = 4;
				if (cp < 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
					cp = 0xFFFD;
				}
			}
			this.inPos += used;
			if (cp < 0x80 && used == this.unit) {
				out[o++] = (byte) cp;
				continue;
			}
			int length = encode(cp, this.pending);
			if (used < this.unit) {
				// a last unit cut short: from here on, positions map to the file's end
				keep(out, produced, o);
				produced = o;
				this.shortStart = this.given + (o - start) + length;
				this.shortFile = this.inFile + this.inPos;
			}
			int fits = Math.min(length, end - o);
			System.arraycopy(this.pending, 0, out, o, fits);
			o += fits;
			this.pendingPos = fits;
			this.pendingLen = length;
			if (fits < length) {
				keep(out, produced, o);
				keep(this.pending, fits, length);
				produced = o;
				break;
			}
			this.pendingPos = 0;
			this.pendingLen = 0;
		}
		keep(out, produced, o);
		int n = o - start;
		if (n == 0 && dst.hasRemaining()) {
			return -1;
		}
		dst.position(dst.position() + n);
		this.given += n;
		return n;
	}

	/** Starts decoding at file offset {@code position}, a code unit boundary. */
	private void startAt(long position) throws IOException {
		if (position < 0 || position % this.unit != 0) {
			throw new IOException("cannot start reading " + this.wide.charset().name() + " at byte " + position
					+ ", which is not at a code unit boundary (" + this.unit + " bytes)");
		}
		this.inFile = position;
		this.inPos = 0;
		this.inLim = 0;
		this.rawEnded = false;
		this.pendingPos = 0;
		this.pendingLen = 0;
		this.histHead = 0;
		this.histLen = 0;
		this.histStart = position;
		this.histFile = position;
		this.shortStart = Long.MAX_VALUE;
		this.given = position;
		if (position == 0 && available(this.unit) >= this.unit && this.wide.markAt(this.in, this.inPos, this.inLim)) {
			this.inPos += this.unit;
			this.histFile = this.unit;
		}
	}

	/** Makes at least {@code wanted} undecoded bytes available if the data has them; returns how many there are. */
	private int available(int wanted) throws IOException {
		while (this.inLim - this.inPos < wanted && !this.rawEnded) {
			if (this.inPos > 0) {
				System.arraycopy(this.in, this.inPos, this.in, 0, this.inLim - this.inPos);
				this.inFile += this.inPos;
				this.inLim -= this.inPos;
				this.inPos = 0;
			}
			long room = Math.min(this.in.length - this.inLim, this.fileLimit - (this.inFile + this.inLim));
			if (room <= 0) {
				this.rawEnded = true;
				break;
			}
			int n = this.raw.read(ByteBuffer.wrap(this.in, this.inLim, (int) room), this.inFile + this.inLim);
			if (n < 0) {
				this.rawEnded = true;
			}
			else {
				this.inLim += n;
			}
		}
		return this.inLim - this.inPos;
	}

	private static int encode(int cp, byte[] to) {
		return encode(cp, to, 0);
	}

	/** Writes the UTF-8 of {@code cp} at {@code to[at]}; returns its length (1 to 4). */
	private static int encode(int cp, byte[] to, int at) {
		if (cp < 0x80) {
			to[at] = (byte) cp;
			return 1;
		}
		if (cp < 0x800) {
			to[at] = (byte) (0xC0 | cp >> 6);
			to[at + 1] = (byte) (0x80 | cp & 0x3F);
			return 2;
		}
		if (cp < 0x10000) {
			to[at] = (byte) (0xE0 | cp >> 12);
			to[at + 1] = (byte) (0x80 | cp >> 6 & 0x3F);
			to[at + 2] = (byte) (0x80 | cp & 0x3F);
			return 3;
		}
		to[at] = (byte) (0xF0 | cp >> 18);
		to[at + 1] = (byte) (0x80 | cp >> 12 & 0x3F);
		to[at + 2] = (byte) (0x80 | cp >> 6 & 0x3F);
		to[at + 3] = (byte) (0x80 | cp & 0x3F);
		return 4;
	}

	/** Keeps {@code bytes[from, to)}, just produced, for mapping. */
	private void keep(byte[] bytes, int from, int to) {
		int n = to - from;
		if (n <= 0) {
			return;
		}
		if (this.histLen + n > this.hist.length) {
			int live = this.histLen - this.histHead;
			if (this.histHead > 0 && live + n <= this.hist.length) {
				System.arraycopy(this.hist, this.histHead, this.hist, 0, live);
			}
			else {
				byte[] grown = new byte[Math.max(this.hist.length * 2, live + n)];
				System.arraycopy(this.hist, this.histHead, grown, 0, live);
				this.hist = grown;
			}
			this.histHead = 0;
			this.histLen = live;
		}
		System.arraycopy(bytes, from, this.hist, this.histLen, n);
		this.histLen += n;
	}

	/**
	 * The file's byte offset of {@code position}, a position of the UTF-8 bytes given since the last start (a
	 * character's first byte, or the end of what was given). Positions are mapped forward: what lies before
	 * {@code position} is forgotten.
	 * @throws IllegalStateException for a position behind the last one mapped or ahead of what was given
	 */
	public long sourceOffset(long position) {
		if (position >= this.shortStart) {
			return this.shortFile;
		}
		if (position < this.histStart || position - this.histStart > this.histLen - this.histHead) {
			throw new IllegalStateException("position " + position + " is outside the mapped bytes [" + this.histStart + ", "
					+ (this.histStart + this.histLen - this.histHead) + "]");
		}
		int to = this.histHead + (int) (position - this.histStart);
		this.histFile += this.wide.fileLength(this.hist, this.histHead, to);
		this.histHead = to;
		this.histStart = position;
		return this.histFile;
	}

	/**
	 * The UTF-8 bytes of the file's bytes {@code [from, to)} (code unit boundaries), for a locator: a record as
	 * it was in the file, in UTF-8.
	 */
	public static byte[] utf8(InputBytes raw, WideCharset wide, long from, long to) throws IOException {
		TranscodedBytes bytes = new TranscodedBytes(raw, wide).limit(to);
		byte[] out = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(16, (to - from) * 2))];
		int n = 0;
		while (true) {
			if (n == out.length) {
				out = Arrays.copyOf(out, out.length * 2);
			}
			int read = bytes.read(ByteBuffer.wrap(out, n, out.length - n), from + n);
			if (read < 0) {
				break;
			}
			n += read;
		}
		return Arrays.copyOf(out, n);
	}

	@Override
	public long compressedRead() {
		return this.raw.compressedRead();
	}

	/** The raw bytes' (positions are the file's offsets). */
	@Override
	public FrameStart frameStart(long position) {
		return this.raw.frameStart(position);
	}

	@Override
	public void close() throws IOException {
		this.raw.close();
	}

}
