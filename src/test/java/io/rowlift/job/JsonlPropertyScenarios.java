package io.rowlift.job;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

import io.rowlift.testsupport.LoadSessions;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;
import io.rowlift.testsupport.TriesFromSystemProperty;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The differential property test of JSON Lines (issue #21 item 3): generated files (keys in random order and
 * case, missing keys, nulls, strings with escapes and any Unicode, numbers in every JSON form, booleans, nested
 * objects and arrays) loaded by the whole command with a random number of partitions into the {@code cells}
 * table, every stored value checked against a reference parse of its line by Jackson's tree model (an object
 * tree per line, which the loader itself never builds): a string is its text, a number equals the reference's
 * number, a boolean is {@code true}/{@code false}, a nested value is JSON text equal to the reference's tree,
 * null or a missing key is NULL in a nullable column and '' in the NOT NULL one ({@code b}).
 */
abstract class JsonlPropertyScenarios {

	static final int TRIES = 30;

	private static final ObjectMapper REFERENCE = JsonMapper.builder()
		.enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.build();

	private final AtomicInteger files = new AtomicInteger();

	/** A generated file: its lines, and the partitions and write method it is loaded with. */
	record GeneratedJsonl(List<String> lines, int partitions, String writeMethod) {

		@Override
		public String toString() {
			return "partitions " + this.partitions + ", write method " + this.writeMethod + ", lines:\n" + String.join("\n", this.lines);
		}

	}

	abstract TestTarget target();

	abstract Path work();

	/** The write methods of this database. */
	abstract List<String> writeMethods();

	void requireDatabase() {
	}

	/** One application per property and set of context settings, not per try (issue #35 item 5). */
	private final LoadSessions sessions = new LoadSessions();

	@AfterProperty
	void closeSessions() {
		this.sessions.close();
	}

	@BeforeProperty
	void freshDatabase() throws Exception {
		requireDatabase();
		target().reset();
	}

	@Property(tries = TRIES, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void everyStoredValueIsTheReferenceParseOfItsLine(@ForAll("files") GeneratedJsonl file) throws Exception {
		Path path = write(work(), this.files.incrementAndGet(), file.lines());
		try {
			emptyTheTable();
			List<String> args = new ArrayList<>();
			for (String option : target().options()) {
				args.add(option.startsWith("--spring.flyway.locations=") ? "--spring.flyway.locations=classpath:db/property/{vendor}"
						: option);
			}
			args.addAll(List.of("--rowlift.source.path=" + path, "--rowlift.target.table=cells", "--rowlift.report.progress=none",
					"--rowlift.job.partitions=" + file.partitions(), "--rowlift.target.write-method=" + file.writeMethod()));
			RowliftRun run = this.sessions.run(args);
			if (run.exitCode() != 0) {
				throw new AssertionError("the load (" + target().id() + ") ended with exit " + run.exitCode() + ": " + run.problems()
						+ "\n" + file);
			}
			List<String[]> stored = storedRows();
			if (stored.size() != file.lines().size()) {
				throw new AssertionError("expected " + file.lines().size() + " rows, the table holds " + stored.size() + "\n" + file);
			}
			for (String[] row : stored) {
				String line = file.lines().get(Integer.parseInt(row[0]) - 1);
				JsonNode reference = REFERENCE.readTree(line);
				String[] columns = { "a", "b", "c" };
				for (int c = 0; c < 3; c++) {
					JsonNode value = field(reference, columns[c]);
					String problem = mismatch(value, row[c + 1], columns[c].equals("b"));
					if (problem != null) {
						throw new AssertionError(target().id() + ": line " + row[0] + ", column " + columns[c] + ": " + problem + "\n" + file);
					}
				}
			}
		}
		finally {
			delete(path);
		}
	}

	/** Writes try {@code n}'s input into {@code work}: the lines as a JSON Lines file; returns its path. */
	Path write(Path work, int n, List<String> lines) throws Exception {
		Path path = work.resolve("try-" + n + ".jsonl");
		Files.writeString(path, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
		return path;
	}

	/** Deletes what {@link #write} wrote. */
	void delete(Path path) throws Exception {
		Files.deleteIfExists(path);
	}

	/** The value of {@code key} in {@code object}, matched case-insensitively, or null when the object lacks it. */
	private static JsonNode field(JsonNode object, String key) {
		for (var entry : object.properties()) {
			if (entry.getKey().equalsIgnoreCase(key)) {
				return entry.getValue();
			}
		}
		return null;
	}

	/** Why {@code stored} is not what the reference value says, or null. */
	private static String mismatch(JsonNode value, String stored, boolean notNull) {
		if (value == null || value.isNull()) {
			String want = notNull ? "" : null;
			return Objects.equals(want, stored) ? null : "expected " + (want == null ? "NULL" : "''") + " but was " + show(stored);
		}
		if (stored == null) {
			return "expected " + value + " but was NULL";
		}
		if (value.isString()) {
			return value.stringValue().equals(stored) ? null : "expected " + show(value.stringValue()) + " but was " + show(stored);
		}
		if (value.isNumber()) {
			try {
				return new BigDecimal(stored).compareTo(value.decimalValue()) == 0 ? null
						: "expected the number " + value.decimalValue() + " but was " + show(stored);
			}
			catch (NumberFormatException ex) {
				return "expected a number but was " + show(stored);
			}
		}
		if (value.isBoolean()) {
			return Boolean.toString(value.booleanValue()).equals(stored) ? null : "expected " + value + " but was " + show(stored);
		}
		JsonNode back;
		try {
			back = REFERENCE.readTree(stored);
		}
		catch (RuntimeException ex) {
			return "expected the JSON text of " + value + " but was " + show(stored) + ", not JSON";
		}
		return value.equals(back) ? null : "expected the JSON text of " + value + " but was " + show(stored);
	}

	private static String show(String text) {
		return text == null ? "NULL" : "'" + text.replace("\n", "\\n").replace("\r", "\\r") + "'";
	}

	@Provide
	Arbitrary<GeneratedJsonl> files() {
		Arbitrary<List<String>> objects = record().list().ofMinSize(1).ofMaxSize(25);
		return Combinators.combine(objects, Arbitraries.integers().between(1, 4), Arbitraries.of(writeMethods()))
			.as((records, partitions, method) -> {
				List<String> lines = new ArrayList<>();
				if (records.stream().noneMatch(r -> field(REFERENCE.readTree(r.replace("@ID@", "0")), "b") != null)) {
					// the NOT NULL column b must be given by some line, or the load is (rightly) refused
					records = new ArrayList<>(records);
					records.add(0, "{\"id\": @ID@, \"b\": \"b\"}");
				}
				for (int i = 0; i < records.size(); i++) {
					lines.add(records.get(i).replace("@ID@", Integer.toString(i + 1)));
				}
				return new GeneratedJsonl(lines, partitions, method);
			});
	}

	/** One object: {@code id} (filled in later), and a, b, c each absent or any value, in a random order and case. */
	private static Arbitrary<String> record() {
		Arbitrary<String> member = Combinators.combine(Arbitraries.of("a", "b", "c", "A", "B", "C"), value(2))
			.as((key, value) -> "\"" + key + "\":" + value);
		return Combinators.combine(member.optional(), member.optional(), member.optional(), Arbitraries.integers().between(0, 3),
				Arbitraries.of(",", ", ", " , "))
			.as((x, y, z, idAt, comma) -> {
				List<String> members = new ArrayList<>();
				List<String> seen = new ArrayList<>();
				for (var m : List.of(x, y, z)) {
					if (m.isPresent()) {
						String key = m.get().substring(1, 2).toLowerCase(java.util.Locale.ROOT);
						if (!seen.contains(key)) {
							seen.add(key);
							members.add(m.get());
						}
					}
				}
				members.add(Math.min(idAt, members.size()), "\"id\": @ID@");
				return "{" + String.join(comma, members) + "}";
			});
	}

	/** Any JSON value as text, nested to {@code depth}. */
	private static Arbitrary<String> value(int depth) {
		List<Arbitrary<String>> kinds = new ArrayList<>(List.of(Arbitraries.just("null"), Arbitraries.of("true", "false"),
				number(), string(), string()));
		if (depth > 0) {
			Arbitrary<String> inner = value(depth - 1);
			kinds.add(inner.list().ofMaxSize(3).map(values -> "[" + String.join(", ", values) + "]"));
			kinds.add(Combinators.combine(string(), inner).as((k, v) -> k + ": " + v).list().ofMaxSize(3)
				.map(members -> "{" + String.join(",", members) + "}"));
		}
		return Arbitraries.oneOf(kinds);
	}

	/** A JSON number: integer or not, any sign, with or without a fraction and an exponent. */
	private static Arbitrary<String> number() {
		Arbitrary<String> integer = Arbitraries.oneOf(Arbitraries.just("0"), Arbitraries.longs().between(1, Long.MAX_VALUE).map(Object::toString),
				Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(30).map(d -> "9" + d));
		Arbitrary<String> fraction = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(12).map(d -> "." + d).optional()
			.map(f -> f.orElse(""));
		Arbitrary<String> exponent = Combinators.combine(Arbitraries.of("e", "E"), Arbitraries.of("", "+", "-"),
				Arbitraries.integers().between(0, 20)).as((e, s, n) -> e + s + n).optional().map(e -> e.orElse(""));
		return Combinators.combine(Arbitraries.of("", "-"), integer, fraction, exponent).as((s, i, f, e) -> s + i + f + e);
	}

	/** A JSON string: any text but NUL and lone surrogates, each character written as itself or escaped. */
	private static Arbitrary<String> string() {
		Arbitrary<String> piece = Arbitraries.oneOf(Arbitraries.of("\"", "\\", "/", "\n", "\r", "\t", "\b", "\f", "\u0001", "\u001f",
				"é", "中", "😀", "\u2028", " ", "{", "}", ",", "'", "a"),
				Arbitraries.chars().range('\u0020', '\u007e').map(String::valueOf),
				Arbitraries.chars().range('\u00a0', '\ud7ff').map(String::valueOf),
				Arbitraries.integers().between(0x10000, 0x10ffff).map(Character::toString));
		return Combinators.combine(piece.list().ofMaxSize(12), Arbitraries.integers().between(0, 2))
			.as((pieces, style) -> quote(String.join("", pieces), style));
	}

	/** {@code text} as a JSON string: style 0 escapes only what must be, 1 escapes all non-ASCII as {@code \\u}, 2 every other char. */
	private static String quote(String text, int style) {
		StringBuilder json = new StringBuilder("\"");
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			boolean escape = c < 0x20 || c == '"' || c == '\\' || (style == 1 && c > 0x7e) || (style == 2 && i % 2 == 0);
			if (Character.isHighSurrogate(c) && i + 1 < text.length()) { // a pair: both written or both escaped
				json.append(escape ? String.format("\\u%04X\\u%04X", (int) c, (int) text.charAt(i + 1)) : text.substring(i, i + 2));
				i++;
				continue;
			}
			if (!escape) {
				json.append(c);
			}
			else if (c == '"' || c == '\\') {
				json.append('\\').append(c);
			}
			else if (c == '\n' && style != 2) {
				json.append("\\n");
			}
			else if (c == '/' ) {
				json.append("\\/");
			}
			else {
				json.append(String.format("\\u%04X", (int) c));
			}
		}
		return json.append('"').toString();
	}

	private void emptyTheTable() throws SQLException {
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			st.execute("DELETE FROM cells");
		}
		catch (SQLException ex) {
			// before the first load the table does not exist yet: the load's migration makes it
		}
	}

	/** id, a, b, c of every row, NULL as null. */
	private List<String[]> storedRows() throws SQLException {
		List<String[]> rows = new ArrayList<>();
		try (Connection c = target().connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT id, a, b, c FROM cells ORDER BY id")) {
			while (rs.next()) {
				rows.add(new String[] { rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4) });
			}
		}
		return rows;
	}


}
