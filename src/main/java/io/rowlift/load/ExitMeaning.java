package io.rowlift.load;

/**
 * What a load's end means, as the contract's exit codes say it (contract, "Exit codes"): one value per
 * code, so that a caller that is not a process (the scheduled service, a manager) branches on the
 * meaning and a command line returns {@link #code}.
 */
public enum ExitMeaning {

	/** Exit 0: the load completed. */
	COMPLETED(0),

	/** Exit 1: the load failed or was stopped; the same request resumes it from its last commit. */
	FAILED(1),

	/** Exit 2: bad configuration or input; nothing was loaded by this request. */
	BAD_INPUT(2),

	/** Exit 3: refused (another run holds the lock, the file was loaded, the settings changed); nothing was written. */
	REFUSED(3);

	private final int code;

	ExitMeaning(int code) {
		this.code = code;
	}

	/** The process exit code of the contract. */
	public int code() {
		return this.code;
	}

	/**
	 * The meaning of a contract exit code.
	 * @throws IllegalArgumentException for a code the contract does not know
	 */
	public static ExitMeaning of(int code) {
		for (ExitMeaning meaning : values()) {
			if (meaning.code == code) {
				return meaning;
			}
		}
		throw new IllegalArgumentException("no exit code " + code + " in the contract (0, 1, 2, 3)");
	}

}
