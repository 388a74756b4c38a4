package io.rowlift.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The decompressed bytes of a compressed file, read forward ({@link InputBytes}): a position ahead of the
 * last one read is reached by decompressing and dropping what lies between (no parsing); one behind it
 * opens the stream again. A file of several gzip members or zstd frames can be entered at the start of each
 * ({@link FrameStart}): the stream is (re)opened at the last start known at or before the position (those
 * passed so far, and the one a resume brings, {@link #DecompressedBytes(Path, String, Compression, FrameStart)}),
 * else at the file's start. So a resume costs decompressing from the member or frame that holds its
 * position, not from the file's start; a reader that goes forward, as a unit's reader does, reads the file once.
 *
 * <p>A start that a resume brings is checked before use: the bytes there must begin a member or frame (its
 * magic number), else the file is read from its start (the position stays exact either way).
 *
 * <p>A stream that breaks (truncated, corrupt) is a {@link DamagedArchiveException} naming the file, the
 * compressed and the uncompressed byte, both offsets from the file's and the data's start wherever the stream
 * was entered. Not thread-safe, except {@link #compressedRead()} and {@link #frameStart(long)}, which other
 * threads may call.
 */
final class DecompressedBytes implements InputBytes {

	private static final Log log = LogFactory.getLog(DecompressedBytes.class);

	private static final int SKIP_BUFFER = 256 * 1024;

	private final Path file;

	private final String displayName;

	private final Compression compression;

	private final FrameStarts starts = new FrameStarts();

	/** The start a resume brought, until it is checked (then it is among {@link #starts}, or dropped). */
	private FrameStart resumeAt;

	private volatile CountingInput counted;

	private FramedStream stream;

	/** Uncompressed offset of the next byte the stream gives. */
	private long position;

	private byte[] skip;

	DecompressedBytes(Path file, String displayName, Compression compression) {
		this(file, displayName, compression, null);
	}

	/**
	 * @param resumeAt the start of the member or frame that holds the position a resume reads first (saved with
	 *        it), or null: read from the file's start
	 */
	DecompressedBytes(Path file, String displayName, Compression compression, FrameStart resumeAt) {
		this.file = file;
		this.displayName = displayName;
		this.compression = compression;
		this.resumeAt = resumeAt == null || resumeAt.compressed() <= 0 ? null : resumeAt;
	}

	@Override
	public int read(ByteBuffer dst, long at) throws IOException {
		if (this.stream == null || at < this.position) {
			reopen(at);
		}
		try {
			while (this.position < at) {
				if (this.skip == null) {
					this.skip = new byte[SKIP_BUFFER];
				}
				int n = this.stream.read(this.skip, 0, (int) Math.min(this.skip.length, at - this.position));
				if (n < 0) {
					return -1;
				}
				this.position += n;
			}
			int n;
			if (dst.hasArray()) {
				n = this.stream.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
				if (n > 0) {
					dst.position(dst.position() + n);
				}
			}
			else {
				byte[] copy = new byte[dst.remaining()];
				n = this.stream.read(copy, 0, copy.length);
				if (n > 0) {
					dst.put(copy, 0, n);
				}
			}
			if (n > 0) {
				this.position += n;
			}
			else if (n == 0 && dst.hasRemaining()) {
				n = 0; // a decompressor may give nothing for one call (a frame's header): the caller reads again
			}
			return n;
		}
		catch (DamagedArchiveException ex) {
			throw ex;
		}
		catch (IOException | RuntimeException ex) {
			throw damaged(ex);
		}
	}

	/** Opens the stream at the last member or frame start known at or before {@code at}, or at the file's start. */
	private void reopen(long at) throws IOException {
		close();
		FrameStart start = startFor(at);
		FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ);
		channel.position(start.compressed());
		this.position = start.uncompressed();
		this.counted = new CountingInput(Channels.newInputStream(channel), start.compressed());
		try {
			this.stream = switch (this.compression) {
				case GZIP -> new GzipMembers(this.counted, start.uncompressed(), this.starts);
				case ZSTD -> new ZstdFrames(this.counted, start.uncompressed(), this.starts);
				case NONE -> throw new IllegalStateException("a plain file is not decompressed");
			};
		}
		catch (IOException | RuntimeException ex) {
			this.stream = null;
			DamagedArchiveException damaged = damaged(ex);
			this.counted.close();
			throw damaged;
		}
	}

	private FrameStart startFor(long at) throws IOException {
		FrameStart resume = this.resumeAt;
		if (resume != null) {
			this.resumeAt = null;
			if (resume.uncompressed() <= at && startsFrame(resume.compressed())) {
				this.starts.add(resume);
				log.info(this.displayName + ": resuming at compressed byte " + resume.compressed() + ", where the "
						+ unitName() + " that holds uncompressed byte " + at + " starts (uncompressed byte " + resume.uncompressed()
						+ "): the file before it is not read again");
			}
			else {
				log.info(this.displayName + ": the saved " + unitName() + " start (compressed byte " + resume.compressed()
						+ ", uncompressed byte " + resume.uncompressed() + ") is none: the file changed, or was saved otherwise;"
						+ " decompressing it from its start up to uncompressed byte " + at);
			}
		}
		FrameStart start = this.starts.peekAtOrBefore(at);
		return start == null ? FrameStart.FILE_START : start;
	}

	/** Whether the file's bytes at {@code offset} begin a gzip member, or a zstd frame (a skippable one too). */
	private boolean startsFrame(long offset) throws IOException {
		ByteBuffer head = ByteBuffer.allocate(4);
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
			while (head.hasRemaining() && channel.read(head, offset + head.position()) > 0) {
				// the first four bytes
			}
		}
		if (head.hasRemaining()) {
			return false;
		}
		int magic = head.order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(0);
		return switch (this.compression) {
			// ID1, ID2 and CM=8 (deflate), RFC 1952
			case GZIP -> (magic & 0xffffff) == 0x088b1f;
			// a frame's magic number, or a skippable frame's (0x184D2A50-0x184D2A5F), RFC 8878
			case ZSTD -> magic == 0xFD2FB528 || (magic & 0xFFFFFFF0) == 0x184D2A50;
			case NONE -> false;
		};
	}

	private String unitName() {
		return this.compression == Compression.GZIP ? "gzip member" : "zstd frame";
	}

	private DamagedArchiveException damaged(Exception cause) {
		long compressed = this.stream != null ? this.stream.consumed() : this.counted.count();
		String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
		return new DamagedArchiveException(this.displayName + ": the " + this.compression.setting() + " data breaks at compressed byte "
				+ compressed + " (uncompressed byte " + this.position + "): " + why + "; the file is truncated or corrupt: check it with '"
				+ this.compression.testCommand(this.displayName) + "' and load an intact copy, or name the right compression with --"
				+ Compression.KEY, compressed, this.position, cause);
	}

	/** The file's offset of the next compressed byte to read (0 before the first read). */
	@Override
	public long compressedRead() {
		CountingInput in = this.counted;
		return in == null ? 0 : in.count();
	}

	/**
	 * The last member or frame start known at or before {@code uncompressed}, or null when none is but the
	 * file's start; forgets those before it (the offsets asked for only grow: saved record offsets).
	 */
	@Override
	public FrameStart frameStart(long uncompressed) {
		return this.starts.atOrBefore(uncompressed);
	}

	@Override
	public void close() throws IOException {
		try {
			if (this.stream != null) {
				this.stream.close();
			}
			else if (this.counted != null) {
				this.counted.close();
			}
		}
		finally {
			this.stream = null;
		}
	}

}
