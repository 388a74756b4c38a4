package io.rowlift.architecture.bad.load;

import io.rowlift.architecture.bad.cli.BadCommand;

/** Breaks: the load service calls the command line above it. */
public class BadLoadService {

	public int load() {
		return new BadCommand().execute();
	}

}
