package io.rowlift.job;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.rowlift.compress.ZstdValues;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * The differential property test of compact storage (issue #21 item 6): generated documents (any Unicode text but
 * NUL, empty ones, repeated ones, short and long) written as JSON Lines by Jackson, loaded by the whole command with
 * {@code rowlift.target.compress=zstd}, a random number of partitions and each write method into {@code zdocs}; every
 * body, decoded by {@link ZstdValues}, is its document exactly, the reference being the generated text itself.
 */
abstract class CompressedPropertyScenarios {

	static final int TRIES = 25;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final AtomicInteger files = new AtomicInteger();

	/** The documents, and the partitions and write method they are loaded with. */
	record Documents(List<String> documents, int partitions, String writeMethod) {
	}

	abstract TestTarget target();

	abstract Path work();

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
	void everyDecodedBodyIsItsDocument(@ForAll("documents") Documents generated) throws Exception {
		Path path = work().resolve("try-" + this.files.incrementAndGet() + ".jsonl");
		StringBuilder lines = new StringBuilder();
		for (int i = 0; i < generated.documents().size(); i++) {
			lines.append("{\"id\": ").append(i + 1).append(", \"body\": ").append(JSON.writeValueAsString(generated.documents().get(i)))
				.append("}\n");
		}
		Files.writeString(path, lines, StandardCharsets.UTF_8);
		try {
			target().reset();
			List<String> args = new ArrayList<>(target().options());
			args.addAll(List.of("--rowlift.source.path=" + path, "--rowlift.target.table=zdocs", "--rowlift.report.progress=none",
					"--rowlift.target.compress=zstd", "--rowlift.job.partitions=" + generated.partitions(),
					"--rowlift.target.write-method=" + generated.writeMethod()));
			RowliftRun run = this.sessions.run(args);
			if (run.exitCode() != 0) {
				throw new AssertionError("the load (" + target().id() + ") ended with exit " + run.exitCode() + ": " + run.problems());
			}
			Map<Integer, String> stored = new LinkedHashMap<>();
			try (Connection c = target().connect(); ZstdValues values = new ZstdValues(c); Statement st = c.createStatement();
					ResultSet rs = st.executeQuery("SELECT id, body FROM zdocs ORDER BY id")) {
				while (rs.next()) {
					stored.put(rs.getInt(1), values.decodeText(rs.getBytes(2)));
				}
			}
			Map<Integer, String> expected = new LinkedHashMap<>();
			for (int i = 0; i < generated.documents().size(); i++) {
				expected.put(i + 1, generated.documents().get(i));
			}
			if (!stored.equals(expected)) {
				throw new AssertionError(target().id() + ": decoded bodies differ from the documents: " + stored + " vs " + expected);
			}
		}
		finally {
			Files.deleteIfExists(path);
		}
	}

	@Provide
	Arbitrary<Documents> documents() {
		Arbitrary<String> piece = Arbitraries.oneOf(Arbitraries.of("{\"key\": ", "\"value\"", "}", "\n", "\t", "\\", "\"", "é", "中",
				"😀", "\u2028", " "), Arbitraries.chars().range('\u0001', '\u007e').map(String::valueOf),
				Arbitraries.chars().range('\u00a0', '\ud7ff').map(String::valueOf),
				Arbitraries.integers().between(0x10000, 0x10ffff).map(Character::toString));
		Arbitrary<String> document = Arbitraries.oneOf(piece.list().ofMaxSize(40).map(p -> String.join("", p)),
				piece.list().ofMaxSize(8).map(p -> String.join("", p).repeat(60)));
		return Combinators.combine(document.list().ofMinSize(1).ofMaxSize(40), Arbitraries.integers().between(1, 4),
				Arbitraries.of(writeMethods())).as(Documents::new);
	}

}
