package io.rowlift.source;

import java.io.IOException;
import java.io.InputStream;

/**
 * A decompressing stream over a {@link CountingInput} that tells the compressed byte its decoder has reached
 * (for a damaged archive's message) and the member or frame starts it passes ({@link FrameStarts}). Offsets are
 * the file's and the uncompressed data's, whatever start it was opened at. Not thread-safe.
 */
abstract class FramedStream extends InputStream {

	/** The file's offset of the next compressed byte the decoder would consume. */
	abstract long consumed();

	/** One byte: a member's or frame's end, or a frame's header, may give nothing for a call, so it reads on. */
	@Override
	public final int read() throws IOException {
		byte[] one = new byte[1];
		int n;
		while ((n = read(one, 0, 1)) == 0) {
			// nothing decoded by this call: read on
		}
		return n < 0 ? -1 : one[0] & 0xff;
	}

}
