package io.rowlift.source;

import java.io.IOException;

/**
 * A compressed input that cannot be decompressed on: truncated, or corrupt. Its message names the file,
 * the compressed byte and the uncompressed byte where the stream broke, the decompressor's own words
 * and what to do. A load stops at it (it is no bad record that could be rejected): the chunk it broke
 * in is rolled back, so nothing read from the broken part is committed.
 */
public class DamagedArchiveException extends IOException {

	private static final long serialVersionUID = 1L;

	private final long compressedOffset;

	private final long uncompressedOffset;

	public DamagedArchiveException(String message, long compressedOffset, long uncompressedOffset, Throwable cause) {
		super(message, cause);
		this.compressedOffset = compressedOffset;
		this.uncompressedOffset = uncompressedOffset;
	}

	/** The compressed byte where the decompressor stopped. */
	public long compressedOffset() {
		return this.compressedOffset;
	}

	/** The uncompressed byte the stream had reached, the first one it could not give. */
	public long uncompressedOffset() {
		return this.uncompressedOffset;
	}

}
