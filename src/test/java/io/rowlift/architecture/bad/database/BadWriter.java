package io.rowlift.architecture.bad.database;

import io.rowlift.architecture.bad.source.BadReader;

/** Breaks: writing knows no file format. */
public class BadWriter {

	public void write(BadReader reader) {
		reader.hashCode();
	}

}
