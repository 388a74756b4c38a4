package io.rowlift.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.rowlift.database.mapping.CapturedRow;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.mapping.RecordFilter;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Finds, by reading the file again, the records whose key is one of the {@link RepeatedKeys}: each record the
 * load wrote (not rejected, not filtered out) has its key bound as the load bound it, and the database says which
 * repeated key, if any, it equals ({@link RepeatedKeys#TABLE}). One pass, in file order; the work per record is one
 * bind into a reused row, and a query only for the few records whose {@link LooseKey} is a repeated key's.
 * Not thread-safe.
 */
final class RepeatedKeyRecords {

	private final TargetDialect dialect;

	private final TableMapping loaded;

	private final IndexKey key;

	private final RecordBinder keyBinder;

	private final ValueFormats formats;

	private final RecordLocator locator;

	/**
	 * @param loaded how the load mapped the file onto the table it wrote
	 * @param keyBinder binds a record's key as the load bound it ({@link IndexKey#mapping()})
	 */
	RepeatedKeyRecords(TargetDialect dialect, TableMapping loaded, IndexKey key, RecordBinder keyBinder, ValueFormats formats,
			RecordLocator locator) {
		this.dialect = dialect;
		this.loaded = loaded;
		this.key = key;
		this.keyBinder = keyBinder;
		this.formats = formats;
		this.locator = locator;
	}

	/**
	 * The records of each repeated key, in file order: element {@code g} holds key {@code g}'s.
	 * @param keys the repeated keys, already in {@link RepeatedKeys#TABLE} ({@link RepeatedKeys#fill})
	 * @param rejected the byte offsets of the records this load rejected before: never written, left out
	 */
	List<List<RawRecord>> find(Connection connection, RepeatedKeys keys, Set<Long> rejected, UniqueDuplicates.RecordScan records)
			throws Exception {
		int k = this.key.size();
		List<List<RawRecord>> members = new ArrayList<>();
		for (int g = 0; g < keys.size(); g++) {
			members.add(new ArrayList<>());
		}
		String sameKey = "SELECT rowlift_key FROM " + RepeatedKeys.TABLE + " WHERE "
				+ IndexKey.equalsParameters(this.dialect, this.key.index());
		try (PreparedStatement same = connection.prepareStatement(sameKey)) {
			CapturedRow captured = new CapturedRow(k);
			RecordFilter filter = RecordFilter.of(this.loaded, this.formats.charset(), this.locator);
			records.scan(record -> {
				if (rejected.contains(record.offset()) || record.problem() != null) {
					return; // never written
				}
				if (filter != null && !filter.keeps(record)) {
					return; // filtered out: never written (one the filter could not evaluate is among the rejected)
				}
				try {
					captured.clear();
					if (this.keyBinder.bind(captured, 0, record) != null) {
						return; // a value the load rejected
					}
					if (captured.hasNull() || !keys.mayHold(captured.values)) {
						return; // NULLs never repeat a key; most records are not near any repeated key
					}
					for (int c = 0; c < k; c++) {
						captured.bind(same, c + 1, c);
					}
					try (ResultSet rs = same.executeQuery()) {
						if (rs.next()) {
							members.get(rs.getInt(1)).add(record);
						}
					}
				}
				catch (SQLException ex) {
					throw new IllegalStateException(ex);
				}
			});
		}
		return members;
	}

}
