package io.rowlift.expr;

/**
 * One record as an expression sees it. Implementations wrap the record the loader has, so nothing is
 * copied until an expression asks for a field; an instance may be reused for the next record. Not
 * thread-safe by contract: one per partition.
 */
public interface Input {

	/** The field at {@code index} (0-based) as text, or null for an empty field (an unquoted empty field or the null token). */
	String field(int index);

	/** The record's first physical line in its file, 1-based ({@code line()} in the language). */
	long line();

}
