package io.rowlift.job;

import java.io.StringWriter;
import java.math.BigInteger;
import java.util.Map;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;

/**
 * Writes the JSON form of a {@link RunPlan}, its stored form, with Jackson's streaming API, field by field;
 * {@link StoredPlanReader} reads it back.
 *
 * <p>Why not Jackson's object mapper: it introspects the plan's dozen record types on first use, which a
 * one-shot load pays on its start: measured again for issue #35 (docs/benchmarks.md, "Issue #35: the stored
 * plan's codec against Jackson's object mapper"), the first write and read of a plan in a fresh JVM took about
 * 85 ms of CPU this way and about 230 ms with the mapper, with the launcher's class archive. The form is the
 * one the object mapper wrote: field names and their order are those of the records it wrote (the plan's fields, in
 * their order, and its parts' record components, {@link StoredParts}), and {@code text} after a column's components,
 * from {@link TableColumn#isText()}, so a plan written now is the same text earlier versions wrote
 * ({@code StoredPlanJsonTests} compares the two on generated plans).
 *
 * <p>Stateless and thread-safe (the factory is).
 */
final class StoredPlanWriter {

	private static final JsonFactory JSON = new JsonFactory();

	private StoredPlanWriter() {
	}

	/** {@code plan} as JSON. */
	static String write(RunPlan plan) {
		StringWriter out = new StringWriter(2048);
		try (JsonGenerator g = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
			g.writeStartObject();
			g.writeNumberProperty("version", plan.version());
			g.writeStringProperty("loadKey", plan.loadKey());
			g.writeStringProperty("fingerprint", plan.fingerprint());
			g.writeStringProperty("started", plan.started());
			g.writeStringProperty("file", plan.storedFile());
			g.writeStringProperty("display", plan.displayName());
			g.writeName("input");
			writeInput(g, plan.storedInput());
			g.writeName("mapping");
			writeMapping(g, plan.storedMapping());
			g.writeName("values");
			writeValues(g, plan.storedValues());
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
			g.writeStringProperty("sortDir", plan.storedSortDir());
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

	private static void writeInput(JsonGenerator g, StoredParts.Input input) {
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

	private static void writeMapping(JsonGenerator g, StoredParts.Mapping mapping) {
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
		StoredParts.Compressed compressed = mapping.compressed();
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

	private static void writeValues(JsonGenerator g, StoredParts.Values values) {
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

}
