package io.rowlift.job;

import java.nio.file.Path;

import io.rowlift.source.CsvFormat;
import io.rowlift.source.CsvHeader;
import io.rowlift.target.TableMapping;

/**
 * Everything a load needs to know about its file and table, checked before anything is written.
 *
 * @param file the canonical path of the input
 * @param displayName the file as the operator named it, for messages
 * @param format the CSV dialect
 * @param header where the data starts and what the header says
 * @param mapping which field goes to which column
 */
public record LoadPlan(Path file, String displayName, CsvFormat format, CsvHeader header, TableMapping mapping) {

	/** The table as the database spells it. */
	public String table() {
		return this.mapping.table().name();
	}

}
