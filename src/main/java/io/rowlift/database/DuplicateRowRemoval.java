package io.rowlift.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.rowlift.database.mapping.CapturedRow;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Deletes the row of each record a {@link DuplicateVerdict} rejects and stages the record in the load's rejects,
 * on the caller's connection and in its transaction. A record's row is found by every loaded column (null-safe);
 * when no row equals it (a value the database stores inexactly, such as a single-precision float), one row with
 * its key is deleted instead, and the log says so. Not thread-safe.
 */
final class DuplicateRowRemoval {

	/** The repair's own logger: the console names it ({@code UniqueDuplicates - ...}), as before it was split out. */
	private static final Log log = LogFactory.getLog(UniqueDuplicates.class);

	private final TargetDialect dialect;

	private final TableMapping loaded;

	private final IndexKey key;

	private final RecordBinder rowBinder;

	private final RecordBinder keyBinder;

	private final RejectTable rejects;

	private final RecordLocator locator;

	/**
	 * @param loaded how the load mapped the file onto the table it wrote
	 * @param rowBinder binds a record's row as the load bound it ({@code loaded})
	 * @param keyBinder binds its key ({@link IndexKey#mapping()})
	 */
	DuplicateRowRemoval(TargetDialect dialect, TableMapping loaded, IndexKey key, RecordBinder rowBinder, RecordBinder keyBinder,
			RejectTable rejects, RecordLocator locator) {
		this.dialect = dialect;
		this.loaded = loaded;
		this.key = key;
		this.rowBinder = rowBinder;
		this.keyBinder = keyBinder;
		this.rejects = rejects;
		this.locator = locator;
	}

	/**
	 * Removes the row of each of {@code records} and stages it as a reject with its reason.
	 * @throws IllegalStateException when a record's key is in no row any more
	 */
	void remove(Connection connection, List<RawRecord> records, Map<RawRecord, String> reasons) throws SQLException {
		String table = this.dialect.quote(this.loaded.table().name());
		String condition = String.join(" AND ", this.loaded.columns().stream()
			.map(c -> this.dialect.sql().nullSafeEquals(this.dialect.quote(c.name()))).toList());
		String byKey = IndexKey.equalsParameters(this.dialect, this.key.index());
		int k = this.key.size();
		try (PreparedStatement delete = connection.prepareStatement(this.dialect.sql().deleteOneRow(table, condition));
				PreparedStatement deleteByKey = connection.prepareStatement(this.dialect.sql().deleteOneRow(table, byKey))) {
			CapturedRow row = new CapturedRow(this.loaded.columns().size());
			CapturedRow keyValues = new CapturedRow(k);
			for (RawRecord record : records) {
				row.clear();
				this.rowBinder.bind(row, 0, record);
				for (int c = 0; c < row.values.length; c++) {
					row.bind(delete, c + 1, c);
				}
				if (delete.executeUpdate() == 0) {
					keyValues.clear();
					this.keyBinder.bind(keyValues, 0, record);
					for (int c = 0; c < k; c++) {
						keyValues.bind(deleteByKey, c + 1, c);
					}
					if (deleteByKey.executeUpdate() != 1) {
						throw new IllegalStateException("no row of " + table + " has the key of the record at line "
								+ this.locator.line(record) + " any more");
					}
					log.warn("no row of " + table + " equals the record at line " + this.locator.line(record) + " in every column "
							+ "(a value the database stores inexactly?): one row with its key in " + this.key.index().name() + " was removed");
				}
				Location where = this.locator.where(record, this.key.firstField(this.loaded));
				this.rejects.stage(connection, record, this.locator.raw(record), where, reasons.get(record));
			}
		}
	}

}
