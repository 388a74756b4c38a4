package io.rowlift.architecture.bad.observe;

import io.rowlift.architecture.bad.database.BadWriter;

/** Breaks: an entry point goes around the load service (here a health check names the writer below it). */
public class BadHealth {

	public boolean up() {
		return new BadWriter() != null;
	}

}
