package io.rowlift.source;

/**
 * How far one unit of work has got, in its format's measure ({@link InputSource#measure()}), from the
 * position the unit saved: what the progress display, the summary, the accounting and the messages
 * about a unit read. The texts are in the operator's words, the format's own.
 *
 * @param done units of measure of this unit read and committed
 * @param total units of measure of this unit
 * @param ended whether the unit was read to its end
 * @param position where the unit's next record is ({@code line 12 (byte 340)})
 * @param extent what the unit holds ({@code bytes 10-50})
 * @param shortfall what an unfinished unit did not read, after "partitionN" ({@code read up to byte 40 of its range [10, 50)})
 */
public record UnitProgress(long done, long total, boolean ended, String position, String extent, String shortfall) {

	/** A unit that does not exist yet. */
	public static final UnitProgress NONE = new UnitProgress(0, 0, false, "its start", "nothing", "never ran");

}
