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

	/**
	 * The record's bytes, for the expressions' fast forms, or null (the default) when the input offers none
	 * and every field is read through {@link #field}. When not null, field {@code i} is
	 * {@code data()[start(i), end(i))} in a charset in which a byte below 0x80 is that ASCII character
	 * (UTF-8, US-ASCII, ISO-8859-1): a fast form reads only such bytes and leaves any other field to
	 * {@link #field}. The array must not change while an expression reads it.
	 */
	default byte[] data() {
		return null;
	}

	/** Where field {@code index} starts in {@link #data}; only when {@link #data} is not null. */
	default int start(int index) {
		throw new UnsupportedOperationException("no bytes: data() is null");
	}

	/** Where field {@code index} ends in {@link #data}; only when {@link #data} is not null. */
	default int end(int index) {
		throw new UnsupportedOperationException("no bytes: data() is null");
	}

	/** Whether {@link #field} is null for {@code index}, without decoding it. */
	default boolean isNull(int index) {
		return field(index) == null;
	}

}
