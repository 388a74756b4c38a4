package io.rowlift.expr;

/** What an expression yields, decided when it compiles. */
public enum Type {

	/** A string (a field is text). */
	TEXT,

	/** An exact decimal number. */
	NUMBER,

	/** True, false or unknown (null): only filters and conditions. */
	BOOLEAN;

	String describe() {
		return name().toLowerCase(java.util.Locale.ROOT);
	}

}
