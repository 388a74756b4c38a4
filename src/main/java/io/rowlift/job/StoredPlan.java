package io.rowlift.job;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.compress.ValueCompression;
import io.rowlift.compress.ZstdCompression;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.TargetMode;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.database.WriteChoice;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.source.InputFormats;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceProperties;

/**
 * The whole plan of a load as one versioned value: written once, into the job execution context under
 * {@value #CONTEXT_KEY} when the load's first run starts, and read back by every step of every later
 * run of the load, which never plans again (docs/resume.md, "The stored plan"). Spring Batch copies a job
 * execution's context into the next execution of the same job instance, so a resume finds it there.
 *
 * <p>In the context the JSON is gzipped and in Base64 ({@link #storeIn}). What it holds: the file and its input format's state (for CSV
 * the dialect, line ending resolved, the header and where the data starts), the table as it was read and which field fills which column, the value formats, sizing, write
 * choice, key order, pipeline and mode, the before/after SQL, and {@link #settings}: every setting that
 * decides <em>which</em> rows or values are written, by its key, as the first run had it. A later
 * mapping, expression or filter is one more field here and one more entry of {@link #settings}; a
 * field a newer version adds is simply absent (null) in a plan an older one wrote, and {@link #version}
 * says which shape a plan has.
 *
 * <p>A rerun compares its own settings with {@link #settings} and the mapping it would make with
 * {@link #mapping} ({@link #differences}); any difference refuses the resume (exit 3). Settings that
 * change only <em>how</em> rows are written (threads, write method, buffers) are not in it. Immutable;
 * the JSON form is the persisted one, so its field names never change.
 *
 * @param version the shape of this value, {@value #VERSION} now
 * @param loadKey which load, {@code table <- canonical path}
 * @param fingerprint the file's fingerprint when the load's first run started
 * @param started when the load's first run started (ISO-8601)
 * @param file the canonical path of the file
 * @param display the file as the operator named it
 * @param input the input format and its state ({@link InputSource#state()})
 * @param mapping the table as it was read and which field goes to which column
 * @param values the value formats as configured (null patterns: ISO-8601)
 * @param sizing partitions, threads and chunk size with their reasons
 * @param write the first run's write method (each run may choose its own)
 * @param keyOrder the key order and why
 * @param sortDir the folder of the sorted runs, or null
 * @param pipeline the pipeline and why
 * @param target the load mode and its key
 * @param settings the settings that decide which rows and values are written, by key, as text
 * @param sql the before/after SQL of the load
 */
public record StoredPlan(int version, String loadKey, String fingerprint, String started, String file, String display,
		Input input, Mapping mapping, Values values, Sizing sizing, WriteChoice write,
		KeyOrderChoice keyOrder, String sortDir, PipelineChoice pipeline, TargetMode target, Map<String, String> settings,
		LoadSql sql) {

	/** The shape written now. */
	public static final int VERSION = 1;

	/** The job execution context key of the JSON. */
	public static final String CONTEXT_KEY = "rowlift.plan";

	/**
	 * The input as its first run opened it.
	 *
	 * @param format the input format's name ({@code csv})
	 * @param state what the format needs to reopen it ({@link InputSource#state()}: for CSV the dialect,
	 *        the header and where the data starts)
	 */
	public record Input(String format, Map<String, Object> state) {
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
	 *        through {@link StoredPlan#settings}, where it is too
	 */
	public record Mapping(TableInfo table, List<String> columns, int[] fields, int fieldCount, List<String> names,
			List<String> expressions, Compressed compressed, String filter) {

		/** One line per loaded column, {@code name TYPE <- field n}: what {@link #differences} compares. */
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
	public record Compressed(String codec, int dictionary, int level, List<String> columns) {
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
	public record Values(String charset, String date, String time, String timestamp, String zone) {
	}

	/**
	 * The plan of a run about to start for the first time (or, for a run an earlier version started,
	 * derived once from its parameters and this command).
	 */
	public static StoredPlan of(RunPlan plan, SourceProperties source, LoadSql sql) {
		return of(plan, source, ColumnChoices.NONE, sql);
	}

	/**
	 * The plan of a run about to start for the first time, with the operator's column choices among its
	 * {@link #settings} (an unset choice is absent, so a version-1 plan stored before they existed compares
	 * equal to a command without them).
	 */
	public static StoredPlan of(RunPlan plan, SourceProperties source, ColumnChoices choices, LoadSql sql) {
		LoadPlan load = plan.load();
		InputSource in = load.input();
		Input input = new Input(in.format().name(), in.state());
		Values values = new Values(in.charset().name(), source.dateFormat(), source.timeFormat(), source.timestampFormat(),
				source.timeZone().getId());
		return new StoredPlan(VERSION, plan.loadKey(), plan.fingerprint(), plan.started(), plan.file().toString(),
				plan.displayName(), input, mappingOf(load.mapping()), values, plan.sizing(), plan.write(),
				plan.keyOrder(), plan.sortDir() == null ? null : plan.sortDir().toString(), plan.pipeline(), plan.target(),
				withCompression(settings(source, choices), load.mapping()), sql);
	}

	private static Map<String, String> withCompression(Map<String, String> settings, TableMapping mapping) {
		settings.putAll(compressionSettings(mapping));
		return settings;
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
				mapping.fieldCount(), mapping.names(), java.util.Arrays.asList(mapping.expressions().clone()), compressed,
				mapping.filter());
	}

	/**
	 * The compression settings of {@code mapping}, by key, as the stored plan compares them ({@code rowlift.target.compress}
	 * and the columns it chose); none when it compresses nothing, as in a plan stored before compression.
	 */
	static Map<String, String> compressionSettings(TableMapping mapping) {
		ZstdCompression compression = mapping.compression();
		if (compression == null) {
			return Map.of();
		}
		return Map.of(TargetProperties.COMPRESS, ValueCompression.ZSTD.setting(), TargetProperties.COMPRESS_COLUMNS,
				compression.columnList());
	}

	/**
	 * The settings of {@code source} that decide which rows and values are written, by key, as text
	 * (an unset one as the empty text): a change of any of them between a run and its resume would load
	 * the rest of the file differently.
	 */
	public static Map<String, String> settings(SourceProperties source, ColumnChoices choices) {
		Map<String, String> settings = settings(source);
		settings.putAll(choices.settings());
		return settings;
	}

	/** The settings of {@code source} alone (see {@link #settings(SourceProperties, ColumnChoices)}). */
	public static Map<String, String> settings(SourceProperties source) {
		Map<String, String> settings = new TreeMap<>();
		settings.put("rowlift.source.header", String.valueOf(source.header()));
		settings.put("rowlift.source.delimiter", text(source.delimiter()));
		settings.put("rowlift.source.quote", text(source.quote()));
		settings.put("rowlift.source.escape", text(source.escape()));
		settings.put("rowlift.source.encoding", source.encoding() == null ? "" : source.encoding().name());
		settings.put("rowlift.source.line-ending", source.lineEnding() == null ? "" : source.lineEnding().name().toLowerCase());
		settings.put("rowlift.source.null-value", text(source.nullValue()));
		settings.put("rowlift.source.comment", text(source.comment()));
		settings.put("rowlift.source.date-format", text(source.dateFormat()));
		settings.put("rowlift.source.time-format", text(source.timeFormat()));
		settings.put("rowlift.source.timestamp-format", text(source.timestampFormat()));
		settings.put("rowlift.source.time-zone", source.timeZone() == null ? "" : source.timeZone().getId());
		if (source.blankLines() != null && !source.blankLines().skipped()) {
			// whether a blank line stops the load, as the comment character decides which lines are records; absent
			// when it is the default, so a plan stored before the setting existed compares equal to a command without it
			settings.put("rowlift.source.blank-lines", source.blankLines().name().toLowerCase(java.util.Locale.ROOT));
		}
		return settings;
	}

	private static String text(String value) {
		return value == null ? "" : value;
	}

	/**
	 * What differs between this stored plan and the plan the rerun's command would make, as
	 * {@code key: 'old' -> 'new'}, in key order; empty when the rerun loads the rest exactly as the first
	 * run began. Mode and upsert key are {@link RunDecision}'s ("mode changed since run N"); the
	 * after-SQL is not compared (see {@link LoadSql}).
	 * @param current the plan this command would store for a new run
	 */
	public List<String> differences(StoredPlan current) {
		List<String> differences = new ArrayList<>();
		Map<String, String> mine = this.settings == null ? Map.of() : this.settings;
		Map<String, String> theirs = current.settings == null ? Map.of() : current.settings;
		TreeMap<String, String> keys = new TreeMap<>();
		mine.keySet().forEach(k -> keys.put(k, k));
		theirs.keySet().forEach(k -> keys.put(k, k));
		for (String key : keys.keySet()) {
			String was = mine.getOrDefault(key, "");
			String now = theirs.getOrDefault(key, "");
			if (!was.equals(now)) {
				differences.add(key + ": " + quoted(was) + " -> " + quoted(now));
			}
		}
		List<String> was = this.mapping.describe();
		List<String> now = current.mapping.describe();
		if (!was.equals(now)) {
			differences.add("the mapping of the file onto " + this.mapping.table().name() + " (the table's columns or the header): "
					+ String.join(", ", was) + " -> " + String.join(", ", now));
		}
		List<String> before = this.sql == null ? List.of() : this.sql.before();
		List<String> beforeNow = current.sql == null ? List.of() : current.sql.before();
		if (!before.equals(beforeNow)) {
			differences.add(LoadSql.BEFORE_KEY + ": " + quoted(String.join("; ", before)) + " -> "
					+ quoted(String.join("; ", beforeNow)));
		}
		return differences;
	}

	private static String quoted(String value) {
		return value.isEmpty() ? "(not set)" : "'" + value + "'";
	}

	/** This plan with {@code sql} in place of its before/after SQL. */
	public StoredPlan withSql(LoadSql sql) {
		return new StoredPlan(this.version, this.loadKey, this.fingerprint, this.started, this.file, this.display, this.input,
				this.mapping, this.values, this.sizing, this.write, this.keyOrder, this.sortDir, this.pipeline,
				this.target, this.settings, sql);
	}

	/**
	 * The run's plan, with {@code write} (this run's own write method; the rest is the first run's).
	 * @param write this run's write choice, or null for the stored one
	 */
	public RunPlan toRunPlan(WriteChoice write) {
		Path path = Path.of(this.file);
		InputSource input = InputFormats.named(this.input.format()).reopen(path, this.display, this.input.state());
		TableInfo table = this.mapping.table();
		Map<String, TableColumn> byName = new LinkedHashMap<>();
		table.columns().forEach(c -> byName.put(c.name(), c));
		List<TableColumn> columns = this.mapping.columns().stream()
			.map(name -> Objects.requireNonNull(byName.get(name), () -> "stored plan: no column " + name))
			.toList();
		TableMapping mapping = this.mapping.expressions() == null
				? new TableMapping(table, columns, this.mapping.fields().clone(), this.mapping.fieldCount())
				: new TableMapping(table, columns, this.mapping.fields().clone(), this.mapping.fieldCount(), this.mapping.names(),
						this.mapping.expressions().toArray(String[]::new), null, this.mapping.filter(), null);
		Compressed compressed = this.mapping.compressed();
		if (compressed != null) { // the dictionary's bytes are read by the job from its table (DocumentDictionary.read)
			mapping = mapping.withCompression(new ZstdCompression(compressed.dictionary(), compressed.level(), compressed.columns(), null));
		}
		ValueFormats values = ValueFormats.of(Charset.forName(this.values.charset()), this.values.date(), this.values.time(),
				this.values.timestamp(), ZoneId.of(this.values.zone()));
		LoadPlan load = new LoadPlan(path, this.display, input, mapping, values);
		return new RunPlan(this.loadKey, this.fingerprint, this.started, load, this.sizing, write == null ? this.write : write,
				this.keyOrder, this.sortDir == null ? null : Path.of(this.sortDir), this.pipeline, this.target);
	}

	/** What the run is without its input opened ({@link RunOutline}). */
	public RunOutline outline() {
		return new RunOutline(this.loadKey, this.fingerprint, Path.of(this.file), this.display, this.mapping.table().name(),
				this.sizing.partitions(), this.target, this.sortDir == null ? null : Path.of(this.sortDir));
	}

	/**
	 * What a command would store for this run: the run's own identity, sizing and choices, with the command's
	 * file and table part ({@code load}), settings and before/after SQL. {@link #differences} against it says
	 * whether the command may resume the run.
	 * @param write this execution's write choice
	 */
	public StoredPlan commanded(LoadPlan load, WriteChoice write, SourceProperties source, ColumnChoices choices, LoadSql sql) {
		return of(new RunPlan(this.loadKey, this.fingerprint, this.started, load, this.sizing, write, this.keyOrder,
				this.sortDir == null ? null : Path.of(this.sortDir), this.pipeline, this.target), source, choices, sql);
	}

	/** The JSON form, as stored ({@link StoredPlanWriter}). */
	public String toJson() {
		return StoredPlanWriter.write(this);
	}

	/**
	 * Reads the JSON form ({@link StoredPlanReader}).
	 * @throws IllegalStateException when {@code json} is not a stored plan's JSON
	 */
	public static StoredPlan fromJson(String json) {
		return StoredPlanReader.read(json);
	}

	/** The plan stored in a job execution's context, if it has one (runs started by Rowlift before version 1 have none). */
	public static java.util.Optional<StoredPlan> in(ExecutionContext context) {
		return context.containsKey(CONTEXT_KEY) ? java.util.Optional.of(fromJson(unpack(context.getString(CONTEXT_KEY))))
				: java.util.Optional.empty();
	}

	/**
	 * Puts this plan into {@code context}: the JSON gzipped and in Base64, because Spring Batch keeps a
	 * long context in a TEXT column, 64 KiB on MySQL, and the JSON of a wide table repeats each column's
	 * name several times (a table of 1,000 columns stays far below it this way, not as plain JSON).
	 */
	public void storeIn(ExecutionContext context) {
		context.putString(CONTEXT_KEY, pack(toJson()));
	}

	/** {@code json} gzipped, in Base64. */
	static String pack(String json) {
		java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
		try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(bytes)) {
			gzip.write(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex); // in memory: does not happen
		}
		return Base64.getEncoder().encodeToString(bytes.toByteArray());
	}

	/** The JSON {@link #pack} packed. */
	static String unpack(String packed) {
		try (java.util.zip.GZIPInputStream gzip = new java.util.zip.GZIPInputStream(
				new java.io.ByteArrayInputStream(Base64.getDecoder().decode(packed)))) {
			return new String(gzip.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException("the plan stored with the run cannot be read: " + ex.getMessage(), ex);
		}
	}

	/** Records equal by content (the mapping's fields are an array). */
	@Override
	public boolean equals(Object other) {
		return other instanceof StoredPlan p && toJson().equals(p.toJson());
	}

	@Override
	public int hashCode() {
		return toJson().hashCode();
	}

}
