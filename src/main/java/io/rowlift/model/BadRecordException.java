package io.rowlift.model;

/**
 * A record of the input cannot be loaded. The message starts with the contract's location,
 * {@code file:line:column (byte offset)}, then says what is wrong and what to do.
 */
public class BadRecordException extends RuntimeException {

	public BadRecordException(String message) {
		super(message);
	}

	public BadRecordException(String message, Throwable cause) {
		super(message, cause);
	}

}
