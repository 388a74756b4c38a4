package io.rowlift.source;

/**
 * What a blank line of the input is ({@code rowlift.source.blank-lines}): nothing between two line breaks, outside
 * quotes ({@code \n\n}, {@code \r\n\r\n}, a lone {@code \r} in a file whose records end with CR). The same rule
 * for every line-based input (CSV on both pipelines, JSON Lines) and every table, so that a blank line never
 * becomes a row of NULLs in a one-column table while it fails a six-column one.
 */
public enum BlankLines {

	/** A blank line is no record: it is skipped and counted (the summary's {@code blank lines skipped}). */
	SKIP,
	/** A blank line is a bad record, rejected (or failing the load) like any other, with the reason {@link #REASON}. */
	FAIL;

	/** The reason a blank line is refused under {@link #FAIL}; the locator puts the place in front of it. */
	public static final String REASON = "a blank line, which rowlift.source.blank-lines=fail refuses; remove it, or load the "
			+ "file with rowlift.source.blank-lines=skip (the default), which skips and counts blank lines";

	/** Whether blank lines are skipped. */
	public boolean skipped() {
		return this == SKIP;
	}

}
