package io.rowlift.sort;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;


import io.rowlift.RowliftException;
import io.rowlift.model.RawRecord;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitReader;
import io.rowlift.database.ColumnKind;
import io.rowlift.database.TableColumn;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetDialect;

/**
 * The key order a new load uses, and why (for the job parameters and the summary).
 *
 * <p>{@code auto}: rows go in file order when the table has no primary key that the file fills (the
 * database makes the key, in order) or when the file is in key order already (at most 1 in 100
 * consecutive keys descending among its first {@value #SAMPLE} records, or the input says it gives its
 * records in the order of the key's one integer field: {@link InputSource#orderedByInteger}); otherwise a file of less
 * than {@value #SMALL} bytes of data gets each chunk sorted (its table fits the database's cache),
 * and a larger one is sorted on disk first.
 *
 * @param order {@link KeyOrder#SORT}, {@link KeyOrder#CHUNK} or {@link KeyOrder#FILE}, never AUTO
 * @param reason why, in a few words
 */
public record KeyOrderChoice(KeyOrder order, String reason) {

	/** Records sampled from the start of the data. */
	static final int SAMPLE = 10_000;

	/** Below this much data a sort on disk does not pay: 8 MiB. */
	static final long SMALL = 8L << 20;

	/** The key of {@code mapping}'s table as fields of the file, if the file fills every key column. */
	public static Optional<SortKey> keyOf(TableMapping mapping, TargetDialect dialect) {
		List<String> key = mapping.table().primaryKey();
		if (key.isEmpty()) {
			return Optional.empty();
		}
		int[] fields = new int[key.size()];
		boolean[] integer = new boolean[key.size()];
		List<TableColumn> columns = mapping.columns();
		for (int k = 0; k < key.size(); k++) {
			int found = -1;
			for (int c = 0; c < columns.size(); c++) {
				if (columns.get(c).name().equalsIgnoreCase(key.get(k))) {
					found = c;
				}
			}
			if (found < 0 || mapping.fields()[found] < 0) {
				return Optional.empty(); // not in the file, or computed by an expression: no field to sort by
			}
			fields[k] = mapping.fields()[found];
			integer[k] = dialect.sql().kindOf(columns.get(found)).type() == ColumnKind.Type.INTEGER;
		}
		return Optional.of(new SortKey(fields, integer));
	}

	/**
	 * Chooses for a new load.
	 * @throws RowliftException exit 2 when {@code sort} or {@code chunk} is asked for a table without a key the file fills
	 */
	public static KeyOrderChoice choose(KeyOrder configured, Optional<SortKey> key, String table, InputSource input,
			long dataBytes) throws IOException {
		if (configured == KeyOrder.FILE) {
			return new KeyOrderChoice(KeyOrder.FILE, "set by rowlift.sort.key-order");
		}
		if (key.isEmpty()) {
			if (configured != KeyOrder.AUTO) {
				throw RowliftException.badInput("rowlift.sort.key-order=" + configured.name().toLowerCase(Locale.ROOT)
						+ ", but table " + table + " has no primary key whose columns all come from the file; "
						+ "remove the setting, or set it to file");
			}
			return new KeyOrderChoice(KeyOrder.FILE, "the table has no primary key that the file fills");
		}
		if (configured != KeyOrder.AUTO) {
			return new KeyOrderChoice(configured, "set by rowlift.sort.key-order");
		}
		if (input.orderedByInteger().isPresent() && key.get().isOneInteger(input.orderedByInteger().getAsInt())) {
			// the input sorted itself (a folder's listing): reading a sample of it would only cost time
			return new KeyOrderChoice(KeyOrder.FILE, "the input gives its records in key order");
		}
		double descending = descending(input, key.get());
		if (descending <= 0.01) {
			return new KeyOrderChoice(KeyOrder.FILE, "the file is in key order (sampled)");
		}
		String out = String.format(Locale.ROOT, "%.0f%% of the first keys out of order", descending * 100);
		if (dataBytes < SMALL) {
			return new KeyOrderChoice(KeyOrder.CHUNK, out + "; a small file: each chunk sorted");
		}
		return new KeyOrderChoice(KeyOrder.SORT, out);
	}

	/** The share of consecutive key pairs that descend among the first records of the data. */
	static double descending(InputSource input, SortKey key) throws IOException {
		UnitReader reader = input.reader(1 << 16, 64 << 20);
		reader.open(input.whole());
		try {
			byte[] previous = null;
			int pairs = 0;
			int down = 0;
			for (int i = 0; i < SAMPLE; i++) {
				RawRecord record;
				try {
					record = reader.read();
				}
				catch (RuntimeException bad) {
					break; // a broken record: the sample ends there, the load reports it
				}
				if (record == null) {
					break;
				}
				byte[] k = key.of(record);
				if (previous != null) {
					pairs++;
					down += SortKey.ORDER.compare(k, previous) < 0 ? 1 : 0;
				}
				previous = k;
			}
			return pairs == 0 ? 0 : (double) down / pairs;
		}
		finally {
			reader.close();
		}
	}

}
