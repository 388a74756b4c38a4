package io.rowlift.job.spring;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;

/**
 * A record that cannot be loaded: not valid CSV, the wrong number of fields, a value its column
 * cannot hold, refused by the database, or refused by a user's processor (a
 * {@code ValidationException}). Carries the record, so the skip listener can stage it in the reject
 * table with its location and raw bytes, and the skip policy can name it when the budget is spent.
 */
public final class RejectedRecordException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final transient RawRecord record;

	private final int field;

	private final transient RecordProblem problem;

	/**
	 * @param record the record
	 * @param field the 0-based field at fault, or -1 for the record as a whole
	 * @param reason what is wrong and what to do
	 */
	public RejectedRecordException(RawRecord record, int field, String reason) {
		super(reason);
		this.record = record;
		this.field = field;
		this.problem = null;
	}

	/** A record the tokenizer found not to be valid CSV. */
	RejectedRecordException(RawRecord record, RecordProblem problem) {
		super(problem.message());
		this.record = record;
		this.field = problem.field();
		this.problem = problem;
	}

	public RawRecord record() {
		return this.record;
	}

	public int field() {
		return this.field;
	}

	/** The syntax problem, or null. */
	public RecordProblem problem() {
		return this.problem;
	}

	/** The reason, as the reject reasons file gives it. */
	public String reason() {
		return getMessage();
	}

}
