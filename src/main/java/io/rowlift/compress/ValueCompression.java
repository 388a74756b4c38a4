package io.rowlift.compress;

/**
 * How a load stores its document columns ({@code rowlift.target.compress}): as they are ({@link #NONE}, the
 * default), or as zstd frames with a trained dictionary ({@link #ZSTD}).
 */
public enum ValueCompression {

	/** Values stored as the input has them. */
	NONE,
	/** Values stored as dictionary-compressed zstd frames behind a header ({@link ZstdValues}). */
	ZSTD;

	/** The setting's value, as written in the configuration. */
	public String setting() {
		return name().toLowerCase(java.util.Locale.ROOT);
	}

}
