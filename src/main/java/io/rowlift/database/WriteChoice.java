package io.rowlift.database;

/**
 * The write method a load uses and why, for the job parameters and the summary.
 *
 * @param method {@link WriteMethod#INSERT}, {@link WriteMethod#INSERT_DIRECT}, {@link WriteMethod#INSERT_SELECT} or {@link WriteMethod#LOAD_DATA}, never {@code AUTO}
 * @param reason why, in a few words (the summary prints it)
 */
public record WriteChoice(WriteMethod method, String reason) {

	/** As the summary shows it: {@code LOAD DATA (reason)}. */
	public String describe() {
		String how = switch (this.method) {
			case LOAD_DATA -> "LOAD DATA LOCAL streams";
			case INSERT_DIRECT -> "INSERT batches bound directly";
			case INSERT_SELECT -> "whole-chunk INSERT ... SELECTs (rowlift_rows)";
			default -> "INSERT batches";
		};
		return how + " (" + this.reason + ")";
	}

}
