package io.rowlift.architecture.bad;

import io.rowlift.architecture.bad.cli.BadCommand;

/** Breaks: the root package depends on no feature package. */
public class BadApplication {

	public int run() {
		return new BadCommand().execute();
	}

}
