package io.rowlift.database;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.database.mapping.CapturedRow;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.mapping.RecordFilter;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.model.Checkpoints;
import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Makes a unique index the load dropped buildable again when the loaded rows repeat one of its keys:
 * each row that repeats a key is treated as a row the database refused, as it would have been with the
 * index in place. The rows of the table do not say which record they came from, so the file is read
 * again (one pass, in file order) to find the records with a repeated key; of each key the first
 * record in file order keeps its row, or, when the table held a row with that key before the load,
 * that row does; every other record becomes a reject of this load ({@value RejectTable#NAME}, with its
 * line, byte and the reason {@code duplicate of line X in unique index I}), counted against
 * {@code rowlift.job.skip-limit}, and its row is deleted. Records rejected earlier in the load were
 * never written and are left out.
 *
 * <p>Keys are compared by the database (its types and collation): a record's key is bound as the load
 * binds it, and a record belongs to a repeated key when one row equals both. Its row is found by
 * every loaded column (null-safe); when no row equals it (a value the database stores inexactly, such
 * as a single-precision float), one row with its key is deleted instead, and the log says so.
 *
 * <p><b>Restart:</b> the rejects and the deletions of one index commit in one transaction, so a kill
 * leaves either none or all of them; the next run finds no repeated key left for an index whose repair
 * committed. Not thread-safe; one instance per index rebuild.
 */
public final class UniqueDuplicates {

	private static final Log log = LogFactory.getLog(UniqueDuplicates.class);

	/** Announced when an index's rejects are staged and its rows deleted, before they commit. */
	public static final String CHECKPOINT = "duplicate-rejects";

	/** How the file's records are read again: each record of the data, in file order. */
	@FunctionalInterface
	public interface RecordScan {

		void scan(Consumer<RawRecord> each) throws Exception;

	}

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final TableMapping mapping;

	private final ValueFormats formats;

	private final RejectTable rejects;

	private final long skipLimit;

	private final Checkpoints checkpoints;

	/**
	 * @param mapping how the load mapped the file onto the table it wrote (a replace: its staging table)
	 * @param rejects the load's rejects
	 * @param skipLimit {@code rowlift.job.skip-limit} of this run
	 */
	public UniqueDuplicates(DataSource dataSource, TargetDialect dialect, TableMapping mapping, ValueFormats formats,
			RejectTable rejects, long skipLimit, Checkpoints checkpoints) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.mapping = mapping;
		this.formats = formats;
		this.rejects = rejects;
		this.skipLimit = skipLimit;
		this.checkpoints = checkpoints;
	}

	/**
	 * Whether {@code table} holds two rows with one key of {@code index} (NULLs never repeat a key).
	 * False for an index over expressions, whose key Rowlift cannot compute.
	 */
	public static boolean repeats(Connection connection, TargetDialect dialect, String table, IndexDefinition index)
			throws SQLException {
		if (index.columns().isEmpty()) {
			return false;
		}
		try (Statement st = connection.createStatement();
				ResultSet rs = st.executeQuery("SELECT 1 FROM " + dialect.quote(table) + " WHERE " + notNull(dialect, index)
						+ " GROUP BY " + columns(dialect, index) + " HAVING COUNT(*) > 1 LIMIT 1")) {
			return rs.next();
		}
	}

	/**
	 * Moves the rows that repeat a key of {@code index} to the rejects and deletes them, in one
	 * transaction.
	 * @param locator where the scanned records are, for their lines and raw bytes
	 * @return empty when the index can be built now; else why not, with what to do (nothing was changed)
	 */
	public Optional<String> resolve(IndexDefinition index, RecordScan records, RecordLocator locator) throws Exception {
		String table = this.mapping.table().name();
		String described = "unique index " + index.name() + " (" + String.join(", ", index.columns()) + ") of " + table;
		int[] keyColumns = keyColumns(index);
		if (keyColumns == null || index.definition().toUpperCase(Locale.ROOT).matches("(?s).*\\)\\s*WHERE\\s.*")) {
			return Optional.of(described + " cannot be rebuilt: the table holds rows that repeat its key, and Rowlift cannot "
					+ "tell them apart by the file (the index is over expressions, is partial, or covers a column the file "
					+ "does not fill); remove the repeated rows (SELECT " + String.join(", ", index.columns()) + ", COUNT(*) FROM "
					+ table + " GROUP BY " + String.join(", ", index.columns()) + " HAVING COUNT(*) > 1 finds them), then run "
					+ "the same command again");
		}
		try (Connection connection = this.dataSource.getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			// made and dropped outside the transaction (MySQL with GTIDs refuses temporary tables' DDL inside one)
			try (Statement st = connection.createStatement()) {
				st.execute(this.dialect.sql().dropTemporaryTable(KEYS));
				st.execute("CREATE TEMPORARY TABLE " + KEYS + " AS SELECT " + columns(this.dialect, index) + ", 0 AS rowlift_key FROM "
						+ this.dialect.quote(this.mapping.table().name()) + " WHERE 1 = 0");
			}
			connection.setAutoCommit(false);
			try {
				Optional<String> problem = resolve(connection, index, described, keyColumns, records, locator);
				if (problem.isPresent()) {
					connection.rollback();
				}
				else {
					this.checkpoints.reached(CHECKPOINT);
					connection.commit();
				}
				return problem;
			}
			catch (Exception ex) {
				connection.rollback();
				throw ex;
			}
			finally {
				connection.setAutoCommit(autoCommit);
				try (Statement st = connection.createStatement()) {
					st.execute(this.dialect.sql().dropTemporaryTable(KEYS));
				}
			}
		}
	}

	/** The repeated keys, in a temporary table of the key's own column types. */
	private static final String KEYS = "rowlift_repeated_keys";

	private Optional<String> resolve(Connection connection, IndexDefinition index, String described, int[] keyColumns,
			RecordScan records, RecordLocator locator) throws Exception {
		String table = this.dialect.quote(this.mapping.table().name());
		JdbcTemplate jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
		long used = this.rejects.count(jdbc);
		long[] extra = new long[2]; // groups, rows
		jdbc.query("SELECT COUNT(*), SUM(n) FROM (SELECT COUNT(*) AS n FROM " + table + " WHERE " + notNull(this.dialect, index)
				+ " GROUP BY " + columns(this.dialect, index) + " HAVING COUNT(*) > 1) d", rs -> {
					extra[0] = rs.getLong(1);
					extra[1] = rs.getLong(2);
				});
		if (extra[0] == 0) {
			return Optional.empty();
		}
		if (used + extra[1] - extra[0] > this.skipLimit) { // at least one row per repeated key stays
			return Optional.of(overBudget(described, extra[1] - extra[0], used, ""));
		}
		// the repeated keys, as the database holds them
		List<Object[]> keys = new ArrayList<>();
		List<Long> rowsPerKey = new ArrayList<>();
		int k = index.columns().size();
		jdbc.query("SELECT " + columns(this.dialect, index) + ", COUNT(*) FROM " + table + " WHERE " + notNull(this.dialect, index)
				+ " GROUP BY " + columns(this.dialect, index) + " HAVING COUNT(*) > 1", rs -> {
					Object[] key = new Object[k];
					for (int c = 0; c < k; c++) {
						key[c] = rs.getObject(c + 1);
					}
					keys.add(key);
					rowsPerKey.add(rs.getLong(k + 1));
				});
		Map<String, List<Integer>> byLooseKey = new HashMap<>();
		for (int g = 0; g < keys.size(); g++) {
			byLooseKey.computeIfAbsent(loose(keys.get(g)), x -> new ArrayList<>()).add(g);
		}
		Set<Long> rejected = new HashSet<>(jdbc.queryForList("SELECT BYTE_OFFSET FROM " + RejectTable.NAME + " WHERE RUN_ID = ?",
				Long.class, this.rejects.run()));
		// the records whose key is one of them, in file order
		RecordBinder keyBinder = new RecordBinder(this.dialect, keyMapping(keyColumns), this.formats, locator);
		List<List<RawRecord>> members = new ArrayList<>();
		keys.forEach(key -> members.add(new ArrayList<>()));
		// the repeated keys again, in a small table of the same column types: the database compares a
		// record's key with them as the index would (its types; on MySQL also its collation), without a
		// scan of the whole table per record
		String keysTable = KEYS;
		try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + keysTable + " VALUES ("
				+ "?, ".repeat(k) + "?)")) {
			for (int g = 0; g < keys.size(); g++) {
				for (int c = 0; c < k; c++) {
					insert.setObject(c + 1, keys.get(g)[c]);
				}
				insert.setInt(k + 1, g);
				insert.executeUpdate();
			}
		}
		String sameKey = "SELECT rowlift_key FROM " + keysTable + " WHERE "
				+ String.join(" AND ", index.columns().stream().map(c -> this.dialect.quote(c) + " = ?").toList());
		try (PreparedStatement same = connection.prepareStatement(sameKey)) {
			CapturedRow captured = new CapturedRow(k);
			RecordFilter filter = RecordFilter.of(this.mapping, this.formats.charset(), locator);
			records.scan(record -> {
				if (rejected.contains(record.offset()) || record.problem() != null) {
					return; // never written
				}
				if (filter != null && !filter.keeps(record)) {
					return; // filtered out: never written (one the filter could not evaluate is among the rejected)
				}
				try {
					captured.clear();
					if (keyBinder.bind(captured, 0, record) != null) {
						return; // a value the load rejected
					}
					if (captured.hasNull() || !byLooseKey.containsKey(loose(captured.values))) {
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
		// who keeps each key, who is rejected
		List<RawRecord> rejects = new ArrayList<>();
		Map<RawRecord, String> reasons = new HashMap<>();
		for (int g = 0; g < keys.size(); g++) {
			List<RawRecord> found = members.get(g);
			long before = rowsPerKey.get(g) - found.size(); // rows with the key that this load did not write
			if (before < 0) {
				return Optional.of(described + " cannot be rebuilt: the file has " + found.size() + " records with the key ("
						+ String.join(", ", index.columns()) + ") = " + text(keys.get(g)) + " but the table only "
						+ rowsPerKey.get(g) + " rows, so Rowlift cannot tell which rows to remove; remove the repeated rows "
						+ "(the records are at lines " + lines(found, locator) + "), then run the same command again");
			}
			for (int i = 0; i < found.size(); i++) {
				if (before == 0 && i == 0) {
					continue; // the first in file order keeps its row
				}
				RawRecord record = found.get(i);
				rejects.add(record);
				reasons.put(record, RejectTable.DUPLICATE + (before == 0 ? "line " + locator.line(found.get(0))
						: "a row " + this.mapping.table().name() + " held before this load") + " in unique index " + index.name()
						+ " (" + String.join(", ", index.columns()) + ") = " + text(keys.get(g)));
			}
		}
		if (used + rejects.size() > this.skipLimit) {
			return Optional.of(overBudget(described, rejects.size(), used,
					" (the first at line " + locator.line(rejects.get(0)) + ")"));
		}
		rejects.sort(java.util.Comparator.comparingLong(RawRecord::offset));
		RecordBinder rowBinder = new RecordBinder(this.dialect, this.mapping, this.formats, locator);
		String condition = String.join(" AND ", this.mapping.columns().stream()
			.map(c -> this.dialect.sql().nullSafeEquals(this.dialect.quote(c.name()))).toList());
		String byKey = String.join(" AND ", index.columns().stream().map(c -> this.dialect.quote(c) + " = ?").toList());
		try (PreparedStatement delete = connection.prepareStatement(this.dialect.sql().deleteOneRow(table, condition));
				PreparedStatement deleteByKey = connection.prepareStatement(this.dialect.sql().deleteOneRow(table, byKey))) {
			CapturedRow row = new CapturedRow(this.mapping.columns().size());
			CapturedRow key = new CapturedRow(k);
			for (RawRecord record : rejects) {
				row.clear();
				rowBinder.bind(row, 0, record);
				for (int c = 0; c < row.values.length; c++) {
					row.bind(delete, c + 1, c);
				}
				if (delete.executeUpdate() == 0) {
					key.clear();
					keyBinder.bind(key, 0, record);
					for (int c = 0; c < k; c++) {
						key.bind(deleteByKey, c + 1, c);
					}
					if (deleteByKey.executeUpdate() != 1) {
						throw new IllegalStateException("no row of " + table + " has the key of the record at line "
								+ locator.line(record) + " any more");
					}
					log.warn("no row of " + table + " equals the record at line " + locator.line(record) + " in every column "
							+ "(a value the database stores inexactly?): one row with its key in " + index.name() + " was removed");
				}
				Location where = locator.where(record, this.mapping.fields()[keyColumns[0]]);
				this.rejects.stage(connection, record, locator.raw(record), where, reasons.get(record));
			}
		}
		log.info("rejected " + rejects.size() + " row(s) of " + this.mapping.table().name() + " that repeat a key of unique index "
				+ index.name() + " (the first at line " + (rejects.isEmpty() ? "-" : locator.line(rejects.get(0)))
				+ "); they are in the reject file with their reasons");
		return Optional.empty();
	}

	private String overBudget(String described, long rows, long used, String first) {
		return described + " cannot be rebuilt yet: " + rows + " loaded row(s) repeat one of its keys" + first
				+ ". Each would be rejected like a row the database refuses, but rowlift.job.skip-limit=" + this.skipLimit
				+ " allows " + Math.max(0, this.skipLimit - used) + " more reject(s) in this load (" + used + " so far): run the "
				+ "same command with --rowlift.job.skip-limit=" + (used + rows) + " (or more) to move them to the reject file "
				+ "and build the index; nothing was removed";
	}

	/** For each key column of {@code index}, its position among the mapping's columns; null when one is not loaded. */
	private int[] keyColumns(IndexDefinition index) {
		if (index.columns().isEmpty()) {
			return null;
		}
		int[] positions = new int[index.columns().size()];
		for (int c = 0; c < positions.length; c++) {
			positions[c] = -1;
			for (int m = 0; m < this.mapping.columns().size(); m++) {
				if (this.mapping.columns().get(m).name().equalsIgnoreCase(index.columns().get(c))) {
					positions[c] = m;
				}
			}
			if (positions[c] < 0) {
				return null;
			}
		}
		return positions;
	}

	private TableMapping keyMapping(int[] keyColumns) {
		List<TableColumn> columns = new ArrayList<>();
		int[] fields = new int[keyColumns.length];
		String[] expressions = new String[keyColumns.length];
		io.rowlift.expr.Expression[] compiled = new io.rowlift.expr.Expression[keyColumns.length];
		for (int c = 0; c < keyColumns.length; c++) {
			columns.add(this.mapping.columns().get(keyColumns[c]));
			fields[c] = this.mapping.fields()[keyColumns[c]];
			expressions[c] = this.mapping.expressions()[keyColumns[c]];
			compiled[c] = this.mapping.expression(keyColumns[c]); // a key column may be computed
		}
		return new TableMapping(this.mapping.table(), columns, fields, this.mapping.fieldCount(), this.mapping.names(),
				expressions, compiled);
	}

	private static String columns(TargetDialect dialect, IndexDefinition index) {
		return String.join(", ", index.columns().stream().map(dialect::quote).toList());
	}

	private static String notNull(TargetDialect dialect, IndexDefinition index) {
		return String.join(" AND ", index.columns().stream().map(c -> dialect.quote(c) + " IS NOT NULL").toList());
	}

	private static String text(Object[] key) {
		List<String> parts = new ArrayList<>();
		for (Object value : key) {
			parts.add(value instanceof byte[] bytes ? "0x" + HexFormat.of().formatHex(bytes) : String.valueOf(value));
		}
		return "(" + String.join(", ", parts) + ")";
	}

	private static String lines(List<RawRecord> records, RecordLocator locator) {
		return String.join(", ", records.stream().limit(10).map(r -> String.valueOf(locator.line(r))).toList())
				+ (records.size() > 10 ? ", ..." : "");
	}

	/**
	 * A key in a form that values the database may hold equal share (it only narrows down the records
	 * the database then compares): numbers by value, text by its letters and digits, without case or
	 * accents, a date-time's {@code T} as a space.
	 */
	static String loose(Object[] key) {
		StringBuilder sb = new StringBuilder();
		for (Object value : key) {
			sb.append('\u0001');
			if (value == null) {
				sb.append("null");
			}
			else if (value instanceof byte[] bytes) {
				sb.append(HexFormat.of().formatHex(bytes));
			}
			else if (value instanceof Long || value instanceof Integer) {
				sb.append(value); // the common key: no parsing
			}
			else {
				String text = value.toString().strip();
				if (!text.isEmpty() && (Character.isDigit(text.charAt(0)) || "+-.".indexOf(text.charAt(0)) >= 0)) {
					try {
						sb.append(new BigDecimal(text).stripTrailingZeros().toPlainString());
						continue;
					}
					catch (NumberFormatException ex) {
						// text
					}
				}
				if (text.length() > 10 && text.charAt(4) == '-' && text.charAt(10) == 'T') {
					text = text.substring(0, 10) + " " + text.substring(11); // a date-time as ISO writes it
				}
				if (text.indexOf(':') > 0) {
					text = text.replaceFirst("(\\d\\d:\\d\\d:\\d\\d)\\.0+$", "$1");
				}
				boolean ascii = text.chars().allMatch(c -> c < 128);
				String plain = ascii ? text : Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
				plain.codePoints().filter(Character::isLetterOrDigit).map(Character::toLowerCase).forEach(sb::appendCodePoint);
			}
		}
		return sb.toString();
	}

}
