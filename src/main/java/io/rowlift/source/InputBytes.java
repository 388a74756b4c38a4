package io.rowlift.source;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The bytes of an input's data, as a format reads them: a plain file's own bytes, or a compressed file's
 * decompressed bytes ({@link Compression#open}). Positions are offsets in those bytes (for a compressed
 * file: uncompressed offsets).
 *
 * <p>A plain file reads any position in O(1). A compressed stream cannot be entered in the middle: it
 * reads forward; a position behind the last one read starts the stream again from its beginning, and a
 * position ahead of it decompresses and skips what lies between. Not thread-safe: one per reader.
 */
public interface InputBytes extends Closeable {

	/**
	 * Reads into {@code dst} from {@code position} on, as {@link FileChannel#read(ByteBuffer, long)} does.
	 * @return the bytes read, or -1 at the end of the data
	 * @throws java.io.IOException a damaged compressed stream: a {@link DamagedArchiveException} naming the file and the place
	 */
	int read(ByteBuffer dst, long position) throws IOException;

	/** How many bytes of the file (compressed) have been read so far, or -1 when the file is not compressed. */
	default long compressedRead() {
		return -1;
	}

	/**
	 * Of a compressed file: where the gzip member or zstd frame that holds uncompressed offset {@code position}
	 * starts, when the decompressor has passed it and still knows it, else null (the file's start). Offsets asked
	 * for must not go back: those before are forgotten. Safe to call from another thread than the reader's.
	 */
	default FrameStart frameStart(long position) {
		return null;
	}

	/** Positional reads of {@code channel} (which stays open when this closes: its owner closes it). */
	static InputBytes of(FileChannel channel) {
		return new InputBytes() {
			@Override
			public int read(ByteBuffer dst, long position) throws IOException {
				return channel.read(dst, position);
			}

			@Override
			public void close() {
				// the channel's owner closes it
			}
		};
	}

}
