package io.rowlift.source;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The compressed file as a stream that counts the bytes handed to the decompressor: what the progress of a
 * compressed input shows. The count is the file's offset of the next byte: it starts at the offset the stream
 * was opened at (a member's or frame's start, on a resume), so progress and messages stay absolute. The count is volatile: the progress display and a read-ahead reader's saves read it
 * from other threads. Not thread-safe otherwise.
 */
final class CountingInput extends FilterInputStream {

	private volatile long count;

	CountingInput(InputStream in) {
		this(in, 0);
	}

	/** Over {@code in}, which starts at offset {@code start} of the file. */
	CountingInput(InputStream in, long start) {
		super(in);
		this.count = start;
	}

	long count() {
		return this.count;
	}

	@Override
	public int read() throws IOException {
		int b = super.read();
		if (b >= 0) {
			this.count++;
		}
		return b;
	}

	@Override
	public int read(byte[] b, int off, int len) throws IOException {
		int n = this.in.read(b, off, len);
		if (n > 0) {
			this.count += n;
		}
		return n;
	}

	@Override
	public long skip(long n) throws IOException {
		long skipped = this.in.skip(n);
		this.count += skipped;
		return skipped;
	}

	@Override
	public boolean markSupported() {
		return false;
	}

}
