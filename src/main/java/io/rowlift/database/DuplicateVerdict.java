package io.rowlift.database;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Who keeps each repeated key of a unique index and who is rejected, with the reason: the first record in file
 * order keeps its row, or, when the table held a row with the key before the load, that row does; every other
 * record is rejected as {@code duplicate of line X} (or {@code of a row T held before this load}). Or, when the
 * file has more records with a key than the table rows, why the index cannot be repaired.
 *
 * @param rejects the records to reject, key by key, each key's in file order; empty with a problem
 * @param reasons each reject's reason
 * @param problem why the index cannot be rebuilt, with what to do; null when it can
 */
record DuplicateVerdict(List<RawRecord> rejects, Map<RawRecord, String> reasons, String problem) {

	/**
	 * @param members each repeated key's records in file order ({@link RepeatedKeyRecords#find})
	 * @param described the index as messages name it ({@code unique index I (a, b) of T})
	 * @param table the table's name, as reasons name it
	 */
	static DuplicateVerdict of(IndexDefinition index, RepeatedKeys keys, List<List<RawRecord>> members, String described, String table,
			RecordLocator locator) {
		List<RawRecord> rejects = new ArrayList<>();
		Map<RawRecord, String> reasons = new HashMap<>();
		for (int g = 0; g < keys.size(); g++) {
			List<RawRecord> found = members.get(g);
			long before = keys.rows(g) - found.size(); // rows with the key that this load did not write
			if (before < 0) {
				return new DuplicateVerdict(List.of(), Map.of(), described + " cannot be rebuilt: the file has " + found.size()
						+ " records with the key (" + String.join(", ", index.columns()) + ") = " + keys.text(g) + " but the table only "
						+ keys.rows(g) + " rows, so Rowlift cannot tell which rows to remove; remove the repeated rows "
						+ "(the records are at lines " + lines(found, locator) + "), then run the same command again");
			}
			for (int i = 0; i < found.size(); i++) {
				if (before == 0 && i == 0) {
					continue; // the first in file order keeps its row
				}
				RawRecord record = found.get(i);
				rejects.add(record);
				reasons.put(record, RejectTable.DUPLICATE + (before == 0 ? "line " + locator.line(found.get(0))
						: "a row " + table + " held before this load") + " in unique index " + index.name()
						+ " (" + String.join(", ", index.columns()) + ") = " + keys.text(g));
			}
		}
		return new DuplicateVerdict(rejects, reasons, null);
	}

	private static String lines(List<RawRecord> records, RecordLocator locator) {
		return String.join(", ", records.stream().limit(10).map(r -> String.valueOf(locator.line(r))).toList())
				+ (records.size() > 10 ? ", ..." : "");
	}

}
