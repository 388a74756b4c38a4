package io.rowlift.architecture.bad.job;

import io.rowlift.architecture.bad.source.csv.BadCsvParser;

/** Breaks: only the format's package knows the format (here the job reads a header with the CSV parser). */
public class BadPlanner {

	public int columns(String header) {
		return new BadCsvParser().fields(header).length;
	}

}
