package io.rowlift.source;

import java.io.IOException;
import java.nio.ByteBuffer;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdIOException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;

/**
 * zstd decompressed frame after frame (skippable frames skipped), through zstd-jni's streaming decompression
 * context, which tells where each frame ends (zstd-jni's input stream hides it): so the start of each frame is
 * known ({@link FrameStarts}) and a resume can start at the frame that holds its position
 * ({@link DecompressedBytes}). Each frame's checksum is checked at its end when it has one; a file that ends
 * inside a frame is "Truncated source", as zstd-jni's stream says it.
 *
 * <p>{@link #consumed()} is the compressed byte the decoder has consumed: where a damaged stream broke. The
 * decoder works on direct buffers of zstd's recommended sizes; the bytes are then copied to the reader's array
 * (a copy, cheap beside the decoding). Not thread-safe.
 */
final class ZstdFrames extends FramedStream {

	private static final int IN = (int) ZstdInputStreamNoFinalizer.recommendedDInSize();

	private static final int OUT = (int) ZstdInputStreamNoFinalizer.recommendedDOutSize();

	private final CountingInput in;

	private final FrameStarts starts;

	private final ZstdDecompressCtx decoder = new ZstdDecompressCtx();

	/** Compressed bytes read, not yet consumed from its position on; its byte 0 at file offset {@code srcStart}. */
	private final ByteBuffer src = ByteBuffer.allocateDirect(IN).flip();

	private long srcStart;

	/** Decoded bytes not yet given. */
	private final ByteBuffer dst = ByteBuffer.allocateDirect(OUT).flip();

	private final byte[] transfer = new byte[IN];

	/** Uncompressed offset of the next byte decoded. */
	private long decoded;

	private boolean midFrame;

	/** Whether the decoder wants input (its last call did not fill the output: it has nothing more to flush). */
	private boolean needInput = true;

	private boolean ended;

	/**
	 * @param in the file from a frame's start on (its count that start's offset)
	 * @param uncompressedStart the uncompressed offset that frame starts at
	 * @param starts told each frame's start
	 */
	ZstdFrames(CountingInput in, long uncompressedStart, FrameStarts starts) {
		this.in = in;
		this.srcStart = in.count();
		this.decoded = uncompressedStart;
		this.starts = starts;
	}

	@Override
	public int read(byte[] b, int off, int len) throws IOException {
		if (len == 0) {
			return 0;
		}
		while (!this.dst.hasRemaining()) {
			if (this.ended) {
				return -1;
			}
			// between frames the decoder is not called without input: it would take the file's end for a frame's
			if (!this.src.hasRemaining() && (this.needInput || !this.midFrame) && fill() < 0) {
				if (this.midFrame) {
					throw new ZstdIOException(Zstd.errCorruptionDetected(), "Truncated source");
				}
				this.ended = true;
				return -1;
			}
			long frameAt = this.srcStart + this.src.position();
			long frameFrom = this.decoded;
			boolean starting = !this.midFrame;
			this.dst.clear();
			boolean done = this.decoder.decompressDirectByteBufferStream(this.dst, this.src);
			this.dst.flip();
			this.decoded += this.dst.remaining();
			this.needInput = this.dst.limit() < this.dst.capacity();
			this.midFrame = !done;
			if (starting) {
				this.starts.add(new FrameStart(frameAt, frameFrom));
			}
		}
		int n = Math.min(len, this.dst.remaining());
		this.dst.get(b, off, n);
		return n;
	}

	/** Reads the next bytes into the (consumed) input buffer: their count, or -1 at the file's end. */
	private int fill() throws IOException {
		this.srcStart += this.src.limit();
		this.src.clear();
		int n;
		do {
			n = this.in.read(this.transfer, 0, this.transfer.length);
		}
		while (n == 0);
		if (n > 0) {
			this.src.put(this.transfer, 0, n);
		}
		this.src.flip();
		return n;
	}

	@Override
	long consumed() {
		return this.srcStart + this.src.position();
	}

	@Override
	public void close() throws IOException {
		try {
			this.decoder.close();
		}
		finally {
			this.in.close();
		}
	}

}
