package io.rowlift.job;

import java.nio.file.Path;

import io.rowlift.source.InputSource;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;

/**
 * Everything a load needs to know about its file and table, checked before anything is written.
 *
 * @param file the canonical path of the input
 * @param displayName the file as the operator named it, for messages
 * @param input the input opened by its format: its fields, units and readers
 * @param mapping which field goes to which column
 * @param values how values are written (charset, date and time patterns, zone)
 */
public record LoadPlan(Path file, String displayName, InputSource input, TableMapping mapping,
		ValueFormats values) {

	/** This plan with {@code mapping} in place of its own. */
	public LoadPlan withMapping(TableMapping mapping) {
		return new LoadPlan(this.file, this.displayName, this.input, mapping, this.values);
	}

	/** The table as the database spells it. */
	public String table() {
		return this.mapping.table().name();
	}

}
