package com.example.rowlift;

import java.util.Locale;
import java.util.Map;

import org.springframework.batch.infrastructure.item.ItemProcessor;

/**
 * An example ItemProcessor for Rowlift's spring pipeline. Rowlift's default mapper hands it each
 * record as a row: a Map from column name (as the table spells it) to the value Rowlift converted for
 * that column. It upper-cases column {@code name} and filters out (returns null for) the rows whose
 * {@code note} is {@code draft}; Rowlift counts those as filtered: read = written + rejected + filtered.
 */
public class ShoutingProcessor implements ItemProcessor<Map<String, Object>, Map<String, Object>> {

	@Override
	public Map<String, Object> process(Map<String, Object> row) {
		if ("draft".equals(row.get("note"))) {
			return null;
		}
		Object name = row.get("name");
		if (name instanceof String text) {
			row.put("name", text.toUpperCase(Locale.ROOT));
		}
		return row;
	}

}
