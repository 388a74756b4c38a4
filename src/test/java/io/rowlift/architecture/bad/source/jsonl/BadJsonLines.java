package io.rowlift.architecture.bad.source.jsonl;

import io.rowlift.architecture.bad.source.csv.BadCsvParser;

/** Breaks: a format knows no other format (here JSON Lines parses through the CSV parser). */
public class BadJsonLines {

	public int keys(String line) {
		return new BadCsvParser().fields(line).length;
	}

}
