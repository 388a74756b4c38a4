package io.rowlift.infer;

/**
 * One column as the whole file showed it: the logical type its values all fit, before a database
 * names it (each {@link TableDdl} picks its own SQL type from this). Immutable.
 *
 * @param name the header's name, as the loader matches it
 * @param type the narrowest type every value fits
 * @param nullable whether a value was empty (so the load writes NULL), by the contract's rules
 * @param stats what the values were
 * @param summary the statistics behind the choice, for the SQL comment
 */
public record InferredColumn(String name, Type type, boolean nullable, ColumnStats stats, String summary) {

	/** The logical types, from the narrowest. */
	public enum Type {

		/** No value at all: every field empty. */
		EMPTY,
		/** true/false, yes/no, t/f, y/n (and 1/0 beside them). */
		BOOLEAN,
		/** Integers within 64 bits. */
		INTEGER,
		/** Integers beyond 64 bits signed (up to 2^64-1 or more digits). */
		BIG_INTEGER,
		/** Plain decimals: precision and scale from the digits seen. */
		DECIMAL,
		/** Numbers with an exponent. */
		DOUBLE,
		/** Dates in the file's date pattern. */
		DATE,
		/** ISO-8601 times. */
		TIME,
		/** Dates with times in the file's timestamp pattern. */
		TIMESTAMP,
		/** Anything else. */
		TEXT

	}

	/** Digits a DECIMAL needs: those before the point (at least 1) and after it. */
	public int precision() {
		return Math.max(1, this.stats.integerDigits + this.stats.scale);
	}

	public int scale() {
		return this.stats.scale;
	}

}
