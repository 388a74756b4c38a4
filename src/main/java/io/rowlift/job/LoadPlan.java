package io.rowlift.job;

import java.nio.file.Path;

import io.rowlift.source.CsvFormat;
import io.rowlift.source.CsvHeader;
import io.rowlift.database.TableMapping;
import io.rowlift.database.ValueFormats;

/**
 * Everything a load needs to know about its file and table, checked before anything is written.
 *
 * @param file the canonical path of the input
 * @param displayName the file as the operator named it, for messages
 * @param format the CSV dialect
 * @param header where the data starts and what the header says
 * @param mapping which field goes to which column
 * @param values how values are written (charset, date and time patterns, zone)
 */
public record LoadPlan(Path file, String displayName, CsvFormat format, CsvHeader header, TableMapping mapping,
		ValueFormats values) {

	/** The table as the database spells it. */
	public String table() {
		return this.mapping.table().name();
	}

}
