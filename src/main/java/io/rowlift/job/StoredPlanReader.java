package io.rowlift.job;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
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
 * Reads the JSON form of a {@link RunPlan}, its stored form ({@link StoredPlanWriter} writes it) with Jackson's
 * streaming API, field by field, for the reason the writer gives. Plans stored by every earlier version read back as the object
 * mapper, which wrote and read them before, read them: an unknown field is skipped, a missing one is null (0 or
 * false for a number or flag); numbers in an input's state read back as {@code Integer} when they fit, else
 * {@code Long}, else {@code BigInteger}, else {@code Double} ({@code StoredPlanJsonTests}).
 *
 * <p>Stateless and thread-safe (the factory is).
 */
final class StoredPlanReader {

	private static final JsonFactory JSON = new JsonFactory();

	private StoredPlanReader() {
	}

	/**
	 * The plan {@code json} describes.
	 * @throws IllegalStateException when it is not a stored plan's JSON, with the place it broke
	 */
	static RunPlan read(String json) {
		try (JsonParser p = JSON.createParser(ObjectReadContext.empty(), json)) {
			expect(p, p.nextToken(), JsonToken.START_OBJECT);
			int version = 0;
			String loadKey = null;
			String fingerprint = null;
			String started = null;
			String file = null;
			String display = null;
			StoredParts.Input input = null;
			StoredParts.Mapping mapping = null;
			StoredParts.Values values = null;
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
			return new RunPlan(version, loadKey, fingerprint, started, file, display, input, mapping, values, sizing, write,
					keyOrder, sortDir, pipeline, target, settings, sql);
		}
		catch (tools.jackson.core.JacksonException ex) {
			throw new IllegalStateException("the plan stored with the run is not valid JSON: " + ex.getOriginalMessage(), ex);
		}
	}

	private static StoredParts.Input readInput(JsonParser p, JsonToken token) {
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
		return new StoredParts.Input(format, state);
	}

	private static StoredParts.Mapping readMapping(JsonParser p, JsonToken token) {
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
		StoredParts.Compressed compressed = null;
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
		return new StoredParts.Mapping(table, columns, fields, fieldCount, names, expressions, compressed, filter);
	}

	private static StoredParts.Compressed readCompressed(JsonParser p, JsonToken token) {
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
		return new StoredParts.Compressed(codec, dictionary, level, columns);
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

	private static StoredParts.Values readValues(JsonParser p, JsonToken token) {
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
		return new StoredParts.Values(charset, date, time, timestamp, zone);
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
