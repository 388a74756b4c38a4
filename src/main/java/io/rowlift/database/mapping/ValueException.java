package io.rowlift.database.mapping;

/**
 * A field's value does not fit its column. Carries no stack trace: it is data, reported with its
 * location by the writer.
 */
public final class ValueException extends RuntimeException {

	private final int at;

	public ValueException(String problem) {
		this(problem, -1);
	}

	/** A problem at byte {@code at} (0-based) of the value, which the message is then located at. */
	public ValueException(String problem, int at) {
		super(problem, null, false, false);
		this.at = at;
	}

	/** The byte of the value the problem is at (0-based), or -1 when it is about the value as a whole. */
	public int at() {
		return this.at;
	}

}
