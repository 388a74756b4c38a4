package io.rowlift.architecture.bad.cli;

/** The feature the bad root package calls. */
public class BadCommand {

	public int execute() {
		return 0;
	}

}
