package io.rowlift.expr;

/**
 * An expression that does not compile (its message names the expression, the position and what was
 * expected), or a value it cannot compute for one record (its message says which value and why; the
 * caller adds the record's place and rejects the record).
 */
public final class ExpressionException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	ExpressionException(String message) {
		super(message, null, false, false); // per-record failures are frequent: no stack trace
	}

}
