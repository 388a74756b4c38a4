package io.rowlift.architecture.bad.source.csv;

/** A format's own class, that the bad job and the bad second format name. */
public class BadCsvParser {

	public String[] fields(String line) {
		return line.split(",");
	}

}
