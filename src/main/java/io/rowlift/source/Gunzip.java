package io.rowlift.source;

import java.io.IOException;
import java.util.zip.GZIPInputStream;

/**
 * The JDK's gzip stream, with a 64 KiB input buffer, telling how many compressed bytes its inflater has
 * consumed (those read less those still in its buffer): the exact compressed byte a damaged stream broke at.
 */
final class Gunzip extends GZIPInputStream {

	private final CountingInput counted;

	Gunzip(CountingInput in) throws IOException {
		super(in, 64 * 1024);
		this.counted = in;
	}

	/** Compressed bytes consumed so far. */
	long consumed() {
		try {
			return this.counted.count() - this.inf.getRemaining();
		}
		catch (RuntimeException ex) { // the inflater ended (closed): all that was read
			return this.counted.count();
		}
	}

}
