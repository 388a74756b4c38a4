package io.rowlift.database;

/**
 * A field's value does not fit its column. Carries no stack trace: it is data, reported with its
 * location by the writer.
 */
public final class ValueException extends RuntimeException {

	public ValueException(String problem) {
		super(problem, null, false, false);
	}

}
