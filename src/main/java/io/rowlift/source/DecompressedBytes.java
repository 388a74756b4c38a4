package io.rowlift.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The decompressed bytes of a compressed file, read forward ({@link InputBytes}): a position ahead of the
 * last one read is reached by decompressing and dropping what lies between (no parsing); one behind it
 * opens the stream again from the start. So a resume from a saved uncompressed offset costs decompressing
 * the file up to it; a reader that goes forward, as a unit's reader does, reads the file once.
 *
 * <p>A stream that breaks (truncated, corrupt) is a {@link DamagedArchiveException} naming the file, the
 * compressed and the uncompressed byte. Not thread-safe, except {@link #compressedRead()}, which other
 * threads may read.
 */
final class DecompressedBytes implements InputBytes {

	private static final int SKIP_BUFFER = 256 * 1024;

	private final Path file;

	private final String displayName;

	private final Compression compression;

	private volatile CountingInput counted;

	private InputStream stream;

	/** Uncompressed offset of the next byte the stream gives. */
	private long position;

	private byte[] skip;

	DecompressedBytes(Path file, String displayName, Compression compression) {
		this.file = file;
		this.displayName = displayName;
		this.compression = compression;
	}

	@Override
	public int read(ByteBuffer dst, long at) throws IOException {
		if (this.stream == null || at < this.position) {
			reopen();
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

	private void reopen() throws IOException {
		close();
		this.position = 0;
		this.counted = new CountingInput(Channels.newInputStream(FileChannel.open(this.file, StandardOpenOption.READ)));
		try {
			this.stream = this.compression.decompress(this.counted);
		}
		catch (IOException | RuntimeException ex) {
			this.stream = null;
			DamagedArchiveException damaged = damaged(ex);
			this.counted.close();
			throw damaged;
		}
	}

	private DamagedArchiveException damaged(Exception cause) {
		long compressed = this.stream instanceof Gunzip gunzip ? gunzip.consumed() : this.counted.count();
		String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
		return new DamagedArchiveException(this.displayName + ": the " + this.compression.setting() + " data breaks at compressed byte "
				+ compressed + " (uncompressed byte " + this.position + "): " + why + "; the file is truncated or corrupt: check it with '"
				+ this.compression.testCommand(this.displayName) + "' and load an intact copy, or name the right compression with --"
				+ Compression.KEY, compressed, this.position, cause);
	}

	/** Compressed bytes read so far (0 before the first read). */
	@Override
	public long compressedRead() {
		CountingInput in = this.counted;
		return in == null ? 0 : in.count();
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
