package io.rowlift.job;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.rowlift.compress.ValueCompression;
import io.rowlift.compress.ZstdCompression;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.source.InputFormats;
import io.rowlift.source.InputSource;

/**
 * The parts of a {@link RunPlan} that are live objects in a run (the opened input, the mapping, the value formats)
 * in the form the plan stores them: plain values the JSON holds field by field ({@link StoredPlanWriter}), made
 * from the live objects when a load is planned ({@link #inputOf}, {@link #mappingOf}) and turned back into them
 * when a stored plan is read ({@link #loadOf}). Their record components are the JSON's field names, which never
 * change. Stateless.
 */
final class StoredParts {

	private StoredParts() {
	}

	/**
	 * The input as its first run opened it.
	 *
	 * @param format the input format's name ({@code csv})
	 * @param state what the format needs to reopen it ({@link InputSource#state()}: for CSV the dialect,
	 *        the header and where the data starts)
	 */
	record Input(String format, Map<String, Object> state) {
	}

	/**
	 * Which field goes to which column.
	 *
	 * @param table the table as it was read when the load's first run started
	 * @param columns the loaded columns' names, in the order of the insert's parameters
	 * @param fields for each loaded column, the 0-based field it comes from (-1: an expression computes it)
	 * @param fieldCount fields each record must have
	 * @param names the header's names, which expressions name fields by (null in a plan stored before expressions)
	 * @param expressions for each loaded column, its expression or null (null: none, as before expressions)
	 * @param compressed the compressed columns and their dictionary's ID (null: none, as before compression)
	 * @param filter the row filter ({@code rowlift.source.filter}), or null (none, as before filters); compared
	 *        through {@link RunPlan#settings}, where it is too
	 */
	record Mapping(TableInfo table, List<String> columns, int[] fields, int fieldCount, List<String> names,
			List<String> expressions, Compressed compressed, String filter) {

		/** One line per loaded column, {@code name TYPE <- field n}: what {@link RunPlan#differences} compares. */
		List<String> describe() {
			List<String> lines = new ArrayList<>(this.columns.size());
			for (int i = 0; i < this.columns.size(); i++) {
				String name = this.columns.get(i);
				String type = this.table.columns().stream().filter(c -> c.name().equals(name)).map(TableColumn::typeName)
					.findFirst().orElse("?");
				lines.add(name + " " + type + " <- " + (this.fields[i] < 0 && this.expressions != null
						? this.expressions.get(i) : "field " + (this.fields[i] + 1)));
			}
			return lines;
		}

	}

	/**
	 * The compression of a load's document columns ({@code rowlift.target.compress}): the dictionary by its ID in
	 * {@code ROWLIFT_ZSTD_DICTIONARIES} (a resume reads it back, never trains again), not its bytes.
	 *
	 * @param codec {@code zstd}
	 * @param dictionary the dictionary's ID
	 * @param level the zstd level
	 * @param columns the compressed columns, as the table spells them
	 */
	record Compressed(String codec, int dictionary, int level, List<String> columns) {
	}

	/**
	 * How values are written, as configured.
	 *
	 * @param charset the file's charset
	 * @param date the DATE pattern, or null for ISO-8601
	 * @param time the TIME pattern, or null
	 * @param timestamp the TIMESTAMP pattern, or null
	 * @param zone the time zone
	 */
	record Values(String charset, String date, String time, String timestamp, String zone) {
	}

	/** {@code input} as stored. */
	static Input inputOf(InputSource input) {
		return new Input(input.format().name(), input.state());
	}

	/** {@code mapping} as stored. */
	static Mapping mappingOf(TableMapping mapping) {
		ZstdCompression compression = mapping.compression();
		Compressed compressed = compression == null ? null
				: new Compressed(ValueCompression.ZSTD.setting(), compression.dictionaryId(), compression.level(), compression.columns());
		if (!mapping.computed() && !mapping.filtered()) {
			return new Mapping(mapping.table(), mapping.columns().stream().map(TableColumn::name).toList(), mapping.fields().clone(),
					mapping.fieldCount(), null, null, compressed, null); // as before expressions: a plan without them compares equal
		}
		return new Mapping(mapping.table(), mapping.columns().stream().map(TableColumn::name).toList(), mapping.fields().clone(),
				mapping.fieldCount(), mapping.names(), Arrays.asList(mapping.expressions().clone()), compressed,
				mapping.filter());
	}

	/**
	 * The file, input, mapping and value formats of a stored plan as a run uses them: the input reopened from its
	 * state (nothing is read), the mapping made from the table as it was read. The compression's dictionary is named
	 * by its ID only; the job reads its bytes from its table ({@link DocumentDictionary#read}).
	 * @throws NullPointerException when the mapping names a column its table does not have
	 */
	static LoadPlan loadOf(String file, String display, Input input, Mapping mapping, Values values) {
		Path path = Path.of(file);
		InputSource in = InputFormats.named(input.format()).reopen(path, display, input.state());
		TableInfo table = mapping.table();
		Map<String, TableColumn> byName = new LinkedHashMap<>();
		table.columns().forEach(c -> byName.put(c.name(), c));
		List<TableColumn> columns = mapping.columns().stream()
			.map(name -> Objects.requireNonNull(byName.get(name), () -> "stored plan: no column " + name))
			.toList();
		TableMapping made = mapping.expressions() == null
				? new TableMapping(table, columns, mapping.fields().clone(), mapping.fieldCount())
				: new TableMapping(table, columns, mapping.fields().clone(), mapping.fieldCount(), mapping.names(),
						mapping.expressions().toArray(String[]::new), null, mapping.filter(), null);
		Compressed compressed = mapping.compressed();
		if (compressed != null) {
			made = made.withCompression(new ZstdCompression(compressed.dictionary(), compressed.level(), compressed.columns(), null));
		}
		ValueFormats formats = ValueFormats.of(Charset.forName(values.charset()), values.date(), values.time(), values.timestamp(),
				ZoneId.of(values.zone()));
		return new LoadPlan(path, display, in, made, formats);
	}

}
