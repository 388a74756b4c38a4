package io.rowlift.source;

import java.io.InputStream;

/**
 * A decompressing stream over a {@link CountingInput} that tells the compressed byte its decoder has reached
 * (for a damaged archive's message) and the member or frame starts it passes ({@link FrameStarts}). Offsets are
 * the file's and the uncompressed data's, whatever start it was opened at. Not thread-safe.
 */
abstract class FramedStream extends InputStream {

	/** The file's offset of the next compressed byte the decoder would consume. */
	abstract long consumed();

}
