package io.rowlift.database.mapping;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

import io.rowlift.RowliftException;
import io.rowlift.compress.ZstdCompression;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;
import io.rowlift.expr.Expression;
import io.rowlift.expr.ExpressionException;
import io.rowlift.expr.Scope;

/**
 * Which field of a record goes to which column (contract, "Mapping a file onto a table").
 *
 * <p>With a header, names are matched to columns case-insensitively; a duplicated name, a name no
 * column has, or a NOT NULL column without default that the file does not give is refused (exit 2),
 * naming the column. Without a header, field i goes to column i and the counts must match.
 *
 * @param table the target table
 * @param columns the loaded columns, in the order of the INSERT's parameters
 * @param fields for each loaded column, the 0-based field it comes from, or -1 for a column an expression computes
 * @param fieldCount how many fields every record must have
 * @param names the header's names (what expressions name fields by; empty without a header)
 * @param expressions for each loaded column, the expression that computes it ({@code rowlift.target.columns.<column>.expression}), or null
 * @param compiled the expressions compiled with the run's constants ({@link #withConstants}), or null before
 * @param compression the columns stored compressed and how ({@code rowlift.target.compress}), or null (none)
 * @param filter the row filter ({@value RecordFilter#KEY}), or null: a record is loaded only when it is true
 * @param compiledFilter the filter compiled with the run's constants ({@link #withConstants}), or null
 */
public record TableMapping(TableInfo table, List<TableColumn> columns, int[] fields, int fieldCount, List<String> names,
		String[] expressions, Expression[] compiled, ZstdCompression compression, String filter, Expression compiledFilter) {

	/** The per-load constants an expression may use, by function name. */
	public static final String FILE_NAME = "file_name", RUN_ID = "run_id", STARTED = "started";

	/** A mapping with no expressions: every column from a field. */
	public TableMapping(TableInfo table, List<TableColumn> columns, int[] fields, int fieldCount) {
		this(table, columns, fields, fieldCount, List.of(), new String[columns.size()], null, null, null, null);
	}

	/** A mapping without a row filter and with no compressed column. */
	public TableMapping(TableInfo table, List<TableColumn> columns, int[] fields, int fieldCount, List<String> names,
			String[] expressions, Expression[] compiled) {
		this(table, columns, fields, fieldCount, names, expressions, compiled, null, null, null);
	}

	/** A mapping without a row filter. */
	public TableMapping(TableInfo table, List<TableColumn> columns, int[] fields, int fieldCount, List<String> names,
			String[] expressions, Expression[] compiled, ZstdCompression compression) {
		this(table, columns, fields, fieldCount, names, expressions, compiled, compression, null, null);
	}

	/** A mapping with no compressed column. */
	public TableMapping(TableInfo table, List<TableColumn> columns, int[] fields, int fieldCount, List<String> names,
			String[] expressions, Expression[] compiled, String filter, Expression compiledFilter) {
		this(table, columns, fields, fieldCount, names, expressions, compiled, null, filter, compiledFilter);
	}

	public TableMapping {
		names = names == null ? List.of() : List.copyOf(names);
		expressions = expressions == null ? new String[columns.size()] : expressions;
	}

	/** Whether an expression computes any column. */
	public boolean computed() {
		for (String expression : this.expressions) {
			if (expression != null) {
				return true;
			}
		}
		return false;
	}

	/** The same mapping onto the table {@code table} (a staging table of the same columns). */
	public TableMapping onto(TableInfo table) {
		return new TableMapping(table, this.columns, this.fields, this.fieldCount, this.names, this.expressions, this.compiled,
				this.compression, this.filter, this.compiledFilter);
	}

	/** The same mapping with {@code compression} (null: none) for its compressed columns. */
	public TableMapping withCompression(ZstdCompression compression) {
		return new TableMapping(this.table, this.columns, this.fields, this.fieldCount, this.names, this.expressions, this.compiled,
				compression, this.filter, this.compiledFilter);
	}

	/**
	 * The mapping with its expressions and its filter compiled for one run: {@code constants} gives
	 * {@value #FILE_NAME}, {@value #RUN_ID} and {@value #STARTED}. Each expression was checked when the
	 * mapping was made, so this does not fail for a mapping from {@link #of}.
	 */
	public TableMapping withConstants(java.util.Map<String, String> constants) {
		if (!computed() && this.filter == null) {
			return this;
		}
		Scope scope = new Scope(this.names, constants);
		Expression[] compiled = new Expression[this.expressions.length];
		for (int c = 0; c < compiled.length; c++) {
			if (this.expressions[c] != null) {
				compiled[c] = Expression.compile(ColumnChoices.expressionKey(this.columns.get(c).name()), this.expressions[c], scope);
			}
		}
		Expression filter = this.filter == null ? null : Expression.compile(RecordFilter.KEY, this.filter, scope);
		return new TableMapping(this.table, this.columns, this.fields, this.fieldCount, this.names, this.expressions, compiled,
				this.compression, this.filter, filter);
	}

	/** Whether a row filter decides which records are loaded. */
	public boolean filtered() {
		return this.filter != null;
	}

	/** Column {@code c}'s compiled expression, or null when a field fills it. */
	public Expression expression(int c) {
		if (this.expressions[c] == null) {
			return null;
		}
		if (this.compiled == null) {
			throw new IllegalStateException("the expression of column " + this.columns.get(c).name()
					+ " is not compiled: call withConstants with the run's constants first");
		}
		return this.compiled[c];
	}

	/**
	 * @param table the target table
	 * @param names the header's names (ignored without a header)
	 * @param fieldCount fields in the header (or first record)
	 * @param header whether the file has a header
	 * @param file the file, as messages name it
	 * @throws RowliftException (exit 2) when the file and the table do not fit
	 */
	public static TableMapping of(TableInfo table, List<String> names, int fieldCount, boolean header, String file) {
		return of(table, names, fieldCount, header, file, ColumnChoices.NONE);
	}

	/**
	 * The mapping with the operator's {@code choices} applied: a renamed column is filled from the field its
	 * {@code from} names, an ignored field fills no column.
	 * @throws RowliftException (exit 2) when the file and the table do not fit, or a choice names a column
	 *     the table lacks or a name the header lacks, naming the key and the fix
	 */
	public static TableMapping of(TableInfo table, List<String> names, int fieldCount, boolean header, String file,
			ColumnChoices choices) {
		file = io.rowlift.model.PrintableName.of(file); // only named in messages
		if (fieldCount == 0) {
			throw RowliftException.badInput(file + " is empty: it has no " + (header ? "header" : "record")
					+ "; nothing to load into " + table.name());
		}
		if (!header && !choices.none()) {
			throw RowliftException.badInput(String.join(", ", choices.settings().keySet()) + " name fields by the header, but "
					+ file + " has none (rowlift.source.header=false); remove them, or load a file with a header");
		}
		return header ? byName(table, names, file, choices, null, false) : byPosition(table, fieldCount, file);
	}

	/**
	 * Matches the keys of a keyed input (JSON Lines), found anywhere in it, to columns by name, as a header's:
	 * a key no column has is refused unless {@code ignoreUnknown} (then its field is not loaded), a NOT NULL column
	 * without default that no key fills is refused.
	 * @param keys the keys, in field order
	 * @param places for each key, where it was first seen ({@code events.jsonl:17 (byte 2040)})
	 * @param ignoreUnknown whether keys no column has are left out
	 * @param file the file, as messages name it
	 * @throws RowliftException (exit 2) when the file and the table do not fit
	 */
	public static TableMapping byKeys(TableInfo table, List<String> keys, IntFunction<String> places, boolean ignoreUnknown,
			String file, ColumnChoices choices) {
		if (keys.isEmpty()) {
			throw RowliftException.badInput(file + " has no JSON object with a key in it; nothing to load into " + table.name());
		}
		return byName(table, keys, file, choices, places, ignoreUnknown);
	}

	private static TableMapping byName(TableInfo table, List<String> names, String file, ColumnChoices choices,
			IntFunction<String> places, boolean ignoreUnknown) {
		Map<String, TableColumn> byName = new HashMap<>();
		for (TableColumn column : table.columns()) {
			byName.put(lower(column.name()), column);
		}
		Map<String, Integer> header = new HashMap<>();
		names.forEach(name -> header.putIfAbsent(lower(name), header.size()));
		Set<String> ignored = new HashSet<>();
		for (String name : choices.ignore()) {
			if (!header.containsKey(lower(name))) {
				throw RowliftException.badInput(ColumnChoices.IGNORE_KEY + " names '" + name + "', but the header of " + file
						+ " has no such name (its names: " + String.join(", ", names) + "); fix or remove it");
			}
			ignored.add(lower(name));
		}
		// header name -> the renamed columns it fills; a column filled by a rename is not filled by its own name
		Map<String, List<TableColumn>> renamed = new HashMap<>();
		Set<String> renamedColumns = new HashSet<>();
		for (Map.Entry<String, String> entry : choices.from().entrySet()) {
			TableColumn column = byName.get(lower(entry.getKey()));
			String key = ColumnChoices.fromKey(entry.getKey());
			if (column == null) {
				throw RowliftException.badInput(key + ": table " + table.name() + " has no column '" + entry.getKey()
						+ "' (its columns: " + columnList(table) + "); fix the column's name in the key");
			}
			String from = lower(entry.getValue());
			if (!header.containsKey(from)) {
				throw RowliftException.badInput(key + " is '" + entry.getValue() + "', but the header of " + file
						+ " has no such name (its names: " + String.join(", ", names) + "); fix the name");
			}
			if (ignored.contains(from)) {
				throw RowliftException.badInput(key + " is '" + entry.getValue() + "', which " + ColumnChoices.IGNORE_KEY
						+ " leaves out; remove it from one of the two");
			}
			renamed.computeIfAbsent(from, n -> new ArrayList<>()).add(column);
			renamedColumns.add(lower(column.name()));
		}
		renamed.values().forEach(list -> list.sort(java.util.Comparator.comparingInt(table.columns()::indexOf)));
		// computed columns and the filter: checked here with stand-in constants, compiled per run (withConstants)
		Map<TableColumn, String> computed = new java.util.LinkedHashMap<>();
		Scope check = new Scope(names, Map.of(FILE_NAME, file, RUN_ID, "0", STARTED, "1970-01-01T00:00:00Z"));
		Set<Integer> usedByExpressions = new HashSet<>();
		if (choices.filter() != null) {
			Expression filter;
			try {
				filter = Expression.compile(RecordFilter.KEY, choices.filter(), check);
			}
			catch (ExpressionException ex) {
				throw RowliftException.badInput(ex.getMessage() + "; fix the filter (docs/mapping.md)");
			}
			if (filter.type() != io.rowlift.expr.Type.BOOLEAN) {
				throw RowliftException.badInput(RecordFilter.KEY + " is '" + choices.filter() + "', which gives "
						+ filter.type().name().toLowerCase(Locale.ROOT) + ", not a condition; write a condition such as "
						+ "amount > 0 or country = 'FR' (docs/mapping.md)");
			}
			for (int field : filter.fields()) {
				usedByExpressions.add(field);
			}
		}
		for (Map.Entry<String, String> entry : choices.expressions().entrySet()) {
			TableColumn column = byName.get(lower(entry.getKey()));
			String key = ColumnChoices.expressionKey(entry.getKey());
			if (column == null) {
				throw RowliftException.badInput(key + ": table " + table.name() + " has no column '" + entry.getKey()
						+ "' (its columns: " + columnList(table) + "); fix the column's name in the key");
			}
			if (renamedColumns.contains(lower(column.name()))) {
				throw RowliftException.badInput(key + " and " + ColumnChoices.fromKey(entry.getKey())
						+ " both fill column " + column.name() + "; keep one of them");
			}
			try {
				for (int field : Expression.compile(key, entry.getValue(), check).fields()) {
					usedByExpressions.add(field);
				}
			}
			catch (ExpressionException ex) {
				throw RowliftException.badInput(ex.getMessage() + "; fix the expression (docs/mapping.md)");
			}
			computed.put(column, entry.getValue());
			renamedColumns.add(lower(column.name()));
		}
		Map<String, Integer> seen = new HashMap<>();
		Set<String> filled = new HashSet<>();
		List<TableColumn> columns = new ArrayList<>();
		List<Integer> fields = new ArrayList<>();
		for (int i = 0; i < names.size(); i++) {
			String name = names.get(i);
			String key = lower(name);
			if (ignored.contains(key)) {
				continue;
			}
			if (places == null && name.isEmpty() && i == names.size() - 1 && i > 0) {
				continue; // a trailing delimiter: every line's empty last field is no column (the reader refuses a value there)
			}
			Integer earlier = seen.put(key, i);
			if (earlier != null && places != null) {
				throw new IllegalStateException("keys match case-insensitively, yet '" + name + "' came twice");
			}
			if (earlier != null) {
				throw RowliftException.badInput(file + ":1:" + (i + 1) + ": the header names column '" + name
						+ "' twice (also field " + (earlier + 1) + "); rename or remove one of them");
			}
			List<TableColumn> targets = renamed.get(key);
			if (targets == null) {
				TableColumn column = byName.get(key);
				if (column == null && usedByExpressions.contains(i)) {
					continue; // read for the expressions that name it, loaded into no column of its own
				}
				if (column == null && places != null) {
					if (ignoreUnknown) {
						continue;
					}
					throw RowliftException.badInput(places.apply(i) + ": key '" + name + "' names no column of table " + table.name()
							+ " (its columns: " + columnList(table) + "); fix the data, add the column with a migration, or set "
							+ "rowlift.source.ignore-unknown=true to leave such keys out");
				}
				if (column == null && name.isEmpty()) {
					// no setting can name an empty name (ignore-columns= binds no name at all): the header must give one
					String stand = "field" + (i + 1);
					throw RowliftException.badInput(file + ":1:" + (i + 1) + ": field " + (i + 1) + " of the header has no name, so "
							+ "it fills no column of table " + table.name() + "; write a name there in the header: a column of "
							+ table.name() + " (its columns: " + columnList(table) + "), or " + stand + " to leave the field out with "
							+ ColumnChoices.IGNORE_KEY + "=" + stand);
				}
				if (column == null) {
					String mapping = UnfilledColumns.mapping(table, names, renamedColumns, name);
					throw RowliftException.badInput(file + ":1:" + (i + 1) + ": the header names column '" + name
							+ "', which table " + table.name() + " does not have (its columns: " + columnList(table)
							+ "); fix the header, " + (mapping.isEmpty() ? "" : mapping + ", ") + "leave it out with "
							+ ColumnChoices.IGNORE_KEY + "=" + name + ", or add the column with a migration");
				}
				if (renamedColumns.contains(key)) {
					String how = computed.containsKey(column) ? ColumnChoices.expressionKey(column.name()) + " computes"
							: ColumnChoices.fromKey(column.name()) + " fills from '" + choices.from().entrySet().stream()
								.filter(e -> lower(e.getKey()).equals(key)).findFirst().orElseThrow().getValue() + "'";
					throw RowliftException.badInput(file + ":1:" + (i + 1) + ": field '" + name + "' would fill column "
							+ column.name() + ", which " + how + "; leave the field out with " + ColumnChoices.IGNORE_KEY + "=" + name
							+ ", or map it to another column");
				}
				targets = List.of(column);
			}
			for (TableColumn column : targets) {
				fields.add(i);
				columns.add(column);
				filled.add(lower(column.name()));
			}
		}
		List<String> expressions = new ArrayList<>(java.util.Collections.nCopies(columns.size(), (String) null));
		for (TableColumn column : table.columns()) {
			String expression = computed.get(column);
			if (expression != null) {
				columns.add(column);
				fields.add(-1);
				expressions.add(expression);
				filled.add(lower(column.name()));
			}
		}
		for (TableColumn column : table.columns()) {
			boolean given = filled.contains(lower(column.name()));
			if (!column.nullable() && !column.hasDefault() && !given && places != null) {
				throw RowliftException.badInput(file + ": no line has key '" + column.name() + "', which table " + table.name()
						+ " requires (NOT NULL without a default); add it to the data, or give the column a default");
			}
			if (!column.nullable() && !column.hasDefault() && !given) {
				throw RowliftException.badInput(file + ":1: the header has no column '" + column.name() + "', which table "
						+ table.name() + " requires (NOT NULL without a default); add it to the file, map a field to it with "
						+ ColumnChoices.fromKey(column.name()) + ", or give the column a default");
			}
		}
		if (columns.isEmpty()) {
			throw RowliftException.badInput(ColumnChoices.IGNORE_KEY + " leaves out every field of " + file
					+ "; nothing would be loaded into " + table.name() + ": leave out fewer");
		}
		return new TableMapping(table, List.copyOf(columns), fields.stream().mapToInt(Integer::intValue).toArray(), names.size(),
				names, expressions.toArray(String[]::new), null, choices.filter(), null);
	}

	private static String lower(String name) {
		return name.toLowerCase(Locale.ROOT);
	}

	private static TableMapping byPosition(TableInfo table, int fieldCount, String file) {
		if (fieldCount != table.columns().size()) {
			throw RowliftException.badInput(file + ":1: the first record has " + fieldCount + " fields but table "
					+ table.name() + " has " + table.columns().size() + " columns (" + columnList(table)
					+ "); without a header (rowlift.source.header=false) field i goes to column i, so the counts must match");
		}
		int[] fields = new int[fieldCount];
		for (int i = 0; i < fieldCount; i++) {
			fields[i] = i;
		}
		return new TableMapping(table, table.columns(), fields, fieldCount);
	}

	private static String columnList(TableInfo table) {
		return String.join(", ", table.columns().stream().map(TableColumn::name).toList());
	}

	/** {@code INSERT INTO t (c1, c2) VALUES (?, ?)}, identifiers quoted by {@code dialect}. */
	public String insertSql(TargetDialect dialect) {
		return insertSql(dialect, 1);
	}

	/** An INSERT of {@code rows} rows: {@code INSERT INTO t (c1, c2) VALUES (?, ?), (?, ?), ...}. */
	public String insertSql(TargetDialect dialect, int rows) {
		StringBuilder sql = new StringBuilder(dialect.sql().statementTag(this.table.name())).append("INSERT INTO ")
			.append(dialect.quote(this.table.name()))
			.append(" (");
		StringBuilder values = new StringBuilder(") VALUES (");
		for (int i = 0; i < this.columns.size(); i++) {
			sql.append(i == 0 ? "" : ", ").append(dialect.quote(this.columns.get(i).name()));
			values.append(i == 0 ? "?" : ", ?");
		}
		String group = values.substring(") VALUES ".length()) + ")";
		sql.append(values).append(')');
		for (int r = 1; r < rows; r++) {
			sql.append(", ").append(group);
		}
		return sql.toString();
	}

}
