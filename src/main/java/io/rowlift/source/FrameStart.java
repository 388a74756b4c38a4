package io.rowlift.source;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * Where a gzip member or a zstd frame of a compressed file starts: the compressed offset of its first byte
 * (its magic number) and the uncompressed offset of the first byte it gives. Decompression can start there
 * as well as at the file's start, with nothing before it: so a resume starts at the member or frame that
 * holds its saved position instead of decompressing the file from its start ({@link DecompressedBytes}).
 *
 * <p>A compressed unit saves the one at or before its saved record offset beside it ({@value #COMPRESSED},
 * {@value #UNCOMPRESSED}); a position saved without them (by an earlier version, or in a file of one member
 * or frame) resumes from the file's start.
 *
 * @param compressed offset in the file of the member's or frame's first byte
 * @param uncompressed offset in the decompressed data of its first byte
 */
public record FrameStart(long compressed, long uncompressed) {

	/** Context key: compressed offset of the member or frame that holds the saved position. */
	public static final String COMPRESSED = "reader.frame.compressed";

	/** Context key: uncompressed offset where that member's or frame's bytes start. */
	public static final String UNCOMPRESSED = "reader.frame.uncompressed";

	/** The file's start. */
	public static final FrameStart FILE_START = new FrameStart(0, 0);

	/** The one saved in {@code context}, or null when none is. */
	public static FrameStart readFrom(ExecutionContext context) {
		if (!context.containsKey(COMPRESSED) || !context.containsKey(UNCOMPRESSED)) {
			return null;
		}
		return new FrameStart(context.getLong(COMPRESSED), context.getLong(UNCOMPRESSED));
	}

	/** Saves it in {@code context}. */
	public void save(ExecutionContext context) {
		context.putLong(COMPRESSED, this.compressed);
		context.putLong(UNCOMPRESSED, this.uncompressed);
	}

	/** Removes a saved one from {@code context}. */
	public static void clear(ExecutionContext context) {
		context.remove(COMPRESSED);
		context.remove(UNCOMPRESSED);
	}

}
