package io.rowlift.job;

import java.io.StringWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;

/**
 * The JSON form of a {@link StoredPlan}, written and read with Jackson's streaming API, field by field.
 *
 * <p>Why not Jackson's object mapper: it introspects the plan's dozen record types on first use, which a
 * one-shot load paid on its start (about 80 ms of CPU on the project's 2-core machine, docs/benchmarks.md
 * "Session 15: the start-up regression"). The form is unchanged: field names and their order are the ones
 * the object mapper wrote (record components in declaration order, and {@code text} after a column's
 * components, from {@link TableColumn#isText()}), so plans stored by earlier versions read back as before
 * and a plan written now is the same text they wrote ({@code StoredPlanJsonTests} compares the two on
 * generated plans). Reading is lenient as the mapper was: an unknown field is skipped, a missing one is
 * null (0 or false for a number or flag); numbers in an input's state read back as {@code Integer} when
 * they fit, else {@code Long}, else {@code BigInteger}, else {@code Double}.
 *
 * <p>Stateless and thread-safe (the factory is).
 */
final class StoredPlanJson {

	private static final JsonFactory JSON = new JsonFactory();

	private StoredPlanJson() {
	}

	/** {@code plan} as JSON. */
	static String write(StoredPlan plan) {
		StringWriter out = new StringWriter(2048);
		try (JsonGenerator g = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
			g.writeStartObject();
			g.writeNumberProperty("version", plan.version());
			g.writeStringProperty("loadKey", plan.loadKey());
			g.writeStringProperty("fingerprint", plan.fingerprint());
			g.writeStringProperty("started", plan.started());
			g.writeStringProperty("file", plan.file());
			g.writeStringProperty("display", plan.display());
			g.writeName("input");
			writeInput(g, plan.input());
			g.writeName("mapping");
			writeMapping(g, plan.mapping());
			g.writeName("values");
			writeValues(g, plan.values());
			g.writeName("sizing");
			writeSizing(g, plan.sizing());
			g.writeName("write");
			if (plan.write() == null) {
				g.writeNull();
			}
			else {
				writePair(g, "method", plan.write().method() == null ? null : plan.write().method().name(), "reason", plan.write().reason());
			}
			g.writeName("keyOrder");
			if (plan.keyOrder() == null) {
				g.writeNull();
			}
			else {
				writePair(g, "order", name(plan.keyOrder().order()), "reason", plan.keyOrder().reason());
			}
			g.writeStringProperty("sortDir", plan.sortDir());
			g.writeName("pipeline");
			if (plan.pipeline() == null) {
				g.writeNull();
			}
			else {
				writePair(g, "pipeline", name(plan.pipeline().pipeline()), "reason", plan.pipeline().reason());
			}
			g.writeName("target");
			if (plan.target() == null) {
				g.writeNull();
			}
			else {
				writePair(g, "mode", name(plan.target().mode()), "upsertKey", plan.target().upsertKey());
			}
			g.writeName("settings");
			writeValue(g, plan.settings());
			g.writeName("sql");
			if (plan.sql() == null) {
				g.writeNull();
			}
			else {
				g.writeStartObject();
				g.writeName("before");
				writeValue(g, plan.sql().before());
				g.writeName("after");
				writeValue(g, plan.sql().after());
				g.writeEndObject();
			}
			g.writeEndObject();
		}
		return out.toString();
	}

	private static String name(Enum<?> value) {
		return value == null ? null : value.name();
	}

	private static void writePair(JsonGenerator g, String first, String firstValue, String second, String secondValue) {
		g.writeStartObject();
		g.writeStringProperty(first, firstValue);
		g.writeStringProperty(second, secondValue);
		g.writeEndObject();
	}

	private static void writeInput(JsonGenerator g, StoredPlan.Input input) {
		if (input == null) {
			g.writeNull();
			return;
		}
		g.writeStartObject();
		g.writeStringProperty("format", input.format());
		g.writeName("state");
		writeValue(g, input.state());
		g.writeEndObject();
	}

	private static void writeMapping(JsonGenerator g, StoredPlan.Mapping mapping) {
		if (mapping == null) {
			g.writeNull();
			return;
		}
		g.writeStartObject();
		g.writeName("table");
		writeTable(g, mapping.table());
		g.writeName("columns");
		writeValue(g, mapping.columns());
		g.writeName("fields");
		if (mapping.fields() == null) {
			g.writeNull();
		}
		else {
			g.writeStartArray();
			for (int field : mapping.fields()) {
				g.writeNumber(field);
			}
			g.writeEndArray();
		}
		g.writeNumberProperty("fieldCount", mapping.fieldCount());
		g.writeName("names");
		writeValue(g, mapping.names());
		g.writeName("expressions");
		writeValue(g, mapping.expressions());
		g.writeName("compressed");
		StoredPlan.Compressed compressed = mapping.compressed();
		if (compressed == null) {
			g.writeNull();
		}
		else {
			g.writeStartObject();
			g.writeStringProperty("codec", compressed.codec());
			g.writeNumberProperty("dictionary", compressed.dictionary());
			g.writeNumberProperty("level", compressed.level());
			g.writeName("columns");
			writeValue(g, compressed.columns());
			g.writeEndObject();
		}
		g.writeStringProperty("filter", mapping.filter());
		g.writeEndObject();
	}

	private static void writeTable(JsonGenerator g, TableInfo table) {
		if (table == null) {
			g.writeNull();
			return;
		}
		g.writeStartObject();
		g.writeStringProperty("name", table.name());
		g.writeName("columns");
		if (table.columns() == null) {
			g.writeNull();
		}
		else {
			g.writeStartArray();
			for (TableColumn column : table.columns()) {
				g.writeStartObject();
				g.writeStringProperty("name", column.name());
				g.writeNumberProperty("jdbcType", column.jdbcType());
				g.writeStringProperty("typeName", column.typeName());
				g.writeNumberProperty("size", column.size());
				g.writeNumberProperty("scale", column.scale());
				g.writeBooleanProperty("nullable", column.nullable());
				g.writeBooleanProperty("hasDefault", column.hasDefault());
				g.writeBooleanProperty("text", column.isText()); // derived; written as the object mapper did, never read
				g.writeEndObject();
			}
			g.writeEndArray();
		}
		g.writeName("primaryKey");
		writeValue(g, table.primaryKey());
		g.writeEndObject();
	}

	private static void writeValues(JsonGenerator g, StoredPlan.Values values) {
		if (values == null) {
			g.writeNull();
			return;
		}
		g.writeStartObject();
		g.writeStringProperty("charset", values.charset());
		g.writeStringProperty("date", values.date());
		g.writeStringProperty("time", values.time());
		g.writeStringProperty("timestamp", values.timestamp());
		g.writeStringProperty("zone", values.zone());
		g.writeEndObject();
	}

	private static void writeSizing(JsonGenerator g, Sizing sizing) {
		if (sizing == null) {
			g.writeNull();
			return;
		}
		g.writeStartObject();
		g.writeNumberProperty("partitions", sizing.partitions());
		g.writeStringProperty("partitionsReason", sizing.partitionsReason());
		g.writeNumberProperty("threads", sizing.threads());
		g.writeNumberProperty("chunkSize", sizing.chunkSize());
		g.writeStringProperty("chunkSizeReason", sizing.chunkSizeReason());
		g.writeEndObject();
	}

	/** A value of an input's state, the settings or a list of names: maps, lists, text, numbers, flags, null. */
	private static void writeValue(JsonGenerator g, Object value) {
		if (value == null) {
			g.writeNull();
		}
		else if (value instanceof String text) {
			g.writeString(text);
		}
		else if (value instanceof Boolean flag) {
			g.writeBoolean(flag);
		}
		else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
			g.writeNumber(((Number) value).intValue());
		}
		else if (value instanceof Long number) {
			g.writeNumber(number.longValue());
		}
		else if (value instanceof BigInteger number) {
			g.writeNumber(number);
		}
		else if (value instanceof Double || value instanceof Float) {
			g.writeNumber(((Number) value).doubleValue());
		}
		else if (value instanceof Map<?, ?> map) {
			g.writeStartObject();
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				g.writeName(String.valueOf(entry.getKey()));
				writeValue(g, entry.getValue());
			}
			g.writeEndObject();
		}
		else if (value instanceof Iterable<?> list) {
			g.writeStartArray();
			for (Object item : list) {
				writeValue(g, item);
			}
			g.writeEndArray();
		}
		else if (value instanceof Enum<?> constant) {
			g.writeString(constant.name());
		}
		else { // an input's state holds only the above (InputSource#state); a new kind of value must be added here
			throw new IllegalArgumentException("stored plan: cannot write a " + value.getClass().getName());
		}
	}

	/**
	 * The plan {@code json} describes.
	 * @throws IllegalStateException when it is not a stored plan's JSON, with the place it broke
	 */
	static StoredPlan read(String json) {
		try (JsonParser p = JSON.createParser(ObjectReadContext.empty(), json)) {
			expect(p, p.nextToken(), JsonToken.START_OBJECT);
			int version = 0;
			String loadKey = null;
			String fingerprint = null;
			String started = null;
			String file = null;
			String display = null;
			StoredPlan.Input input = null;
			StoredPlan.Mapping mapping = null;
			StoredPlan.Values values = null;
			Sizing sizing = null;
			WriteChoice write = null;
			KeyOrderChoice keyOrder = null;
			String sortDir = null;
			PipelineChoice pipeline = null;
			TargetMode target = null;
			Map<String, String> settings = null;
			LoadSql sql = null;
			String name;
			while ((name = p.nextName()) != null) {
				JsonToken token = p.nextToken();
				switch (name) {
					case "version" -> version = intOf(p, token);
					case "loadKey" -> loadKey = textOf(p, token);
					case "fingerprint" -> fingerprint = textOf(p, token);
					case "started" -> started = textOf(p, token);
					case "file" -> file = textOf(p, token);
					case "display" -> display = textOf(p, token);
					case "input" -> input = readInput(p, token);
					case "mapping" -> mapping = readMapping(p, token);
					case "values" -> values = readValues(p, token);
					case "sizing" -> sizing = readSizing(p, token);
					case "write" -> {
						String[] pair = readPair(p, token, "method", "reason");
						write = pair == null ? null : new WriteChoice(pair[0] == null ? null : WriteMethod.valueOf(pair[0]), pair[1]);
					}
					case "keyOrder" -> {
						String[] pair = readPair(p, token, "order", "reason");
						keyOrder = pair == null ? null : new KeyOrderChoice(enumOf(KeyOrder.class, pair[0]), pair[1]);
					}
					case "sortDir" -> sortDir = textOf(p, token);
					case "pipeline" -> {
						String[] pair = readPair(p, token, "pipeline", "reason");
						pipeline = pair == null ? null : new PipelineChoice(enumOf(Pipeline.class, pair[0]), pair[1]);
					}
					case "target" -> {
						String[] pair = readPair(p, token, "mode", "upsertKey");
						target = pair == null ? null : new TargetMode(enumOf(LoadMode.class, pair[0]), pair[1]);
					}
					case "settings" -> settings = textMapOf(p, token);
					case "sql" -> sql = readSql(p, token);
					default -> p.skipChildren();
				}
			}
			return new StoredPlan(version, loadKey, fingerprint, started, file, display, input, mapping, values, sizing, write,
					keyOrder, sortDir, pipeline, target, settings, sql);
		}
		catch (tools.jackson.core.JacksonException ex) {
			throw new IllegalStateException("the plan stored with the run is not valid JSON: " + ex.getOriginalMessage(), ex);
		}
	}

	private static StoredPlan.Input readInput(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		String format = null;
		Map<String, Object> state = null;
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			switch (name) {
				case "format" -> format = textOf(p, value);
				case "state" -> state = mapOf(p, value);
				default -> p.skipChildren();
			}
		}
		return new StoredPlan.Input(format, state);
	}

	private static StoredPlan.Mapping readMapping(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		TableInfo table = null;
		List<String> columns = null;
		int[] fields = null;
		int fieldCount = 0;
		List<String> names = null;
		List<String> expressions = null;
		StoredPlan.Compressed compressed = null;
		String filter = null;
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			switch (name) {
				case "table" -> table = readTable(p, value);
				case "columns" -> columns = textListOf(p, value);
				case "fields" -> fields = intArrayOf(p, value);
				case "fieldCount" -> fieldCount = intOf(p, value);
				case "names" -> names = textListOf(p, value);
				case "expressions" -> expressions = textListOf(p, value);
				case "compressed" -> compressed = readCompressed(p, value);
				case "filter" -> filter = textOf(p, value);
				default -> p.skipChildren();
			}
		}
		return new StoredPlan.Mapping(table, columns, fields, fieldCount, names, expressions, compressed, filter);
	}

	private static StoredPlan.Compressed readCompressed(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		String codec = null;
		int dictionary = 0;
		int level = 0;
		List<String> columns = null;
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			switch (name) {
				case "codec" -> codec = textOf(p, value);
				case "dictionary" -> dictionary = intOf(p, value);
				case "level" -> level = intOf(p, value);
				case "columns" -> columns = textListOf(p, value);
				default -> p.skipChildren();
			}
		}
		return new StoredPlan.Compressed(codec, dictionary, level, columns);
	}

	private static TableInfo readTable(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		String tableName = null;
		List<TableColumn> columns = null;
		List<String> primaryKey = null;
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			switch (name) {
				case "name" -> tableName = textOf(p, value);
				case "columns" -> {
					if (value != JsonToken.VALUE_NULL) {
						expect(p, value, JsonToken.START_ARRAY);
						columns = new ArrayList<>();
						JsonToken item;
						while ((item = p.nextToken()) != JsonToken.END_ARRAY) {
							columns.add(readColumn(p, item));
						}
					}
				}
				case "primaryKey" -> primaryKey = textListOf(p, value);
				default -> p.skipChildren();
			}
		}
		return new TableInfo(tableName, columns, primaryKey);
	}

	private static TableColumn readColumn(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		String columnName = null;
		int jdbcType = 0;
		String typeName = null;
		int size = 0;
		int scale = 0;
		boolean nullable = false;
		boolean hasDefault = false;
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			switch (name) {
				case "name" -> columnName = textOf(p, value);
				case "jdbcType" -> jdbcType = intOf(p, value);
				case "typeName" -> typeName = textOf(p, value);
				case "size" -> size = intOf(p, value);
				case "scale" -> scale = intOf(p, value);
				case "nullable" -> nullable = flagOf(p, value);
				case "hasDefault" -> hasDefault = flagOf(p, value);
				default -> p.skipChildren(); // "text" among them: derived from the type
			}
		}
		return new TableColumn(columnName, jdbcType, typeName, size, scale, nullable, hasDefault);
	}

	private static StoredPlan.Values readValues(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		String charset = null;
		String date = null;
		String time = null;
		String timestamp = null;
		String zone = null;
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			switch (name) {
				case "charset" -> charset = textOf(p, value);
				case "date" -> date = textOf(p, value);
				case "time" -> time = textOf(p, value);
				case "timestamp" -> timestamp = textOf(p, value);
				case "zone" -> zone = textOf(p, value);
				default -> p.skipChildren();
			}
		}
		return new StoredPlan.Values(charset, date, time, timestamp, zone);
	}

	private static Sizing readSizing(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		int partitions = 0;
		String partitionsReason = null;
		int threads = 0;
		int chunkSize = 0;
		String chunkSizeReason = null;
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			switch (name) {
				case "partitions" -> partitions = intOf(p, value);
				case "partitionsReason" -> partitionsReason = textOf(p, value);
				case "threads" -> threads = intOf(p, value);
				case "chunkSize" -> chunkSize = intOf(p, value);
				case "chunkSizeReason" -> chunkSizeReason = textOf(p, value);
				default -> p.skipChildren();
			}
		}
		return new Sizing(partitions, partitionsReason, threads, chunkSize, chunkSizeReason);
	}

	private static LoadSql readSql(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		List<String> before = null;
		List<String> after = null;
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			switch (name) {
				case "before" -> before = textListOf(p, value);
				case "after" -> after = textListOf(p, value);
				default -> p.skipChildren();
			}
		}
		return new LoadSql(before, after);
	}

	/** A two-text object ({@code {"method": ..., "reason": ...}} and the like), or null. */
	private static String[] readPair(JsonParser p, JsonToken token, String first, String second) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		String[] pair = new String[2];
		String name;
		while ((name = p.nextName()) != null) {
			JsonToken value = p.nextToken();
			if (name.equals(first)) {
				pair[0] = textOf(p, value);
			}
			else if (name.equals(second)) {
				pair[1] = textOf(p, value);
			}
			else {
				p.skipChildren();
			}
		}
		return pair;
	}

	private static <E extends Enum<E>> E enumOf(Class<E> type, String name) {
		return name == null ? null : Enum.valueOf(type, name);
	}

	private static String textOf(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		if (token.isScalarValue()) {
			return p.getString();
		}
		throw new IllegalStateException("the plan stored with the run has " + token + " where text belongs, at "
				+ p.currentLocation().offsetDescription());
	}

	private static int intOf(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return 0;
		}
		expect(p, token, JsonToken.VALUE_NUMBER_INT);
		return p.getIntValue();
	}

	private static boolean flagOf(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return false;
		}
		if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
			expect(p, token, JsonToken.VALUE_TRUE);
		}
		return token == JsonToken.VALUE_TRUE;
	}

	private static int[] intArrayOf(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_ARRAY);
		int[] values = new int[8];
		int count = 0;
		JsonToken item;
		while ((item = p.nextToken()) != JsonToken.END_ARRAY) {
			if (count == values.length) {
				values = java.util.Arrays.copyOf(values, count * 2);
			}
			values[count++] = intOf(p, item);
		}
		return java.util.Arrays.copyOf(values, count);
	}

	private static List<String> textListOf(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_ARRAY);
		List<String> values = new ArrayList<>();
		JsonToken item;
		while ((item = p.nextToken()) != JsonToken.END_ARRAY) {
			values.add(textOf(p, item));
		}
		return values;
	}

	private static Map<String, String> textMapOf(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		Map<String, String> values = new LinkedHashMap<>();
		String name;
		while ((name = p.nextName()) != null) {
			values.put(name, textOf(p, p.nextToken()));
		}
		return values;
	}

	private static Map<String, Object> mapOf(JsonParser p, JsonToken token) {
		if (token == JsonToken.VALUE_NULL) {
			return null;
		}
		expect(p, token, JsonToken.START_OBJECT);
		Map<String, Object> values = new LinkedHashMap<>();
		String name;
		while ((name = p.nextName()) != null) {
			values.put(name, valueOf(p, p.nextToken()));
		}
		return values;
	}

	/** Any value, as the object mapper reads one into an {@code Object}. */
	private static Object valueOf(JsonParser p, JsonToken token) {
		return switch (token) {
			case VALUE_NULL -> null;
			case VALUE_TRUE -> Boolean.TRUE;
			case VALUE_FALSE -> Boolean.FALSE;
			case VALUE_STRING -> p.getString();
			case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
				case INT -> p.getIntValue();
				case LONG -> p.getLongValue();
				default -> p.getBigIntegerValue();
			};
			case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
			case START_OBJECT -> mapOf(p, token);
			case START_ARRAY -> {
				List<Object> values = new ArrayList<>();
				JsonToken item;
				while ((item = p.nextToken()) != JsonToken.END_ARRAY) {
					values.add(valueOf(p, item));
				}
				yield values;
			}
			default -> throw new IllegalStateException("the plan stored with the run has " + token + " at "
					+ p.currentLocation().offsetDescription());
		};
	}

	private static void expect(JsonParser p, JsonToken token, JsonToken expected) {
		if (token != expected) {
			throw new IllegalStateException("the plan stored with the run has " + token + " where " + expected + " belongs, at "
					+ p.currentLocation().offsetDescription());
		}
	}

}
