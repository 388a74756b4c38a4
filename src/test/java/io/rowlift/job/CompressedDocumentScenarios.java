package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.rowlift.compress.ZstdDictionaries;
import io.rowlift.compress.ZstdValues;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;
import tools.jackson.databind.json.JsonMapper;

/**
 * Compact storage of documents (issue #21 item 6, docs/compact-storage.md) on a real database: JSON Lines of
 * generated documents loaded into {@code zdocs} with {@code rowlift.target.compress=zstd}; every body read back
 * with {@link ZstdValues#decode} equals its document, the title stays text, one dictionary is trained and every
 * value names it; a failed and a killed load resume with that same dictionary to an exact table; a body that is
 * not a BLOB is refused (exit 2, the message asserted) with nothing written; and the documented command-line
 * recipe (sqlite3 or mysql, tail, zstd) gives the document back, run as docs/compact-storage.md writes it.
 */
abstract class CompressedDocumentScenarios extends ScenarioSupport {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	static final String ZSTD = "--rowlift.target.compress=zstd";

	/** The recipe's commands for this database, as docs/compact-storage.md has them, pointed at the test's database. */
	abstract String recipe(int id) throws Exception;

	@Test
	void everyCompressedBodyReadsBackAsItsDocumentWithOneDictionary() throws Exception {
		Map<Integer, String> docs = documents(2000, 3);
		Path file = write("docs.jsonl", docs);
		RowliftRun run = rowlift(file, "zdocs", ZSTD, "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=200");
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 2,000 = written 2,000");
		assertThat(decoded()).isEqualTo(docs);
		assertThat(titles()).as("title, a text column, is not compressed").allSatisfy((id, title) -> assertThat(title).isEqualTo("t" + id));
		assertThat(dictionaryIds()).containsExactly(1);
		assertThat(count("SELECT COUNT(*) FROM " + ZstdDictionaries.TABLE)).isEqualTo(1);
	}

	@Test
	void compressedBodiesTakeLessRoomThanTheDocuments() throws Exception {
		Map<Integer, String> docs = documents(3000, 5);
		RowliftRun run = rowlift(write("docs.jsonl", docs), "zdocs", ZSTD);
		assertThat(run.exitCode()).as(run.toString()).isZero();
		long plain = docs.values().stream().mapToLong(d -> d.getBytes(StandardCharsets.UTF_8).length).sum();
		long stored = count("SELECT SUM(LENGTH(body)) FROM zdocs");
		assertThat(stored).as("stored bytes of %d bytes of documents", plain).isLessThan(plain / 2);
	}

	@Test
	void aBodyThatIsNotABlobIsRefusedNamingTheColumnAndTheFixAndNothingIsWritten() throws Exception {
		Path file = write("docs.jsonl", documents(50, 7));
		RowliftRun listed = rowlift(file, "zdocs", ZSTD, "--rowlift.target.compress-columns=title");
		assertThat(listed.exitCode()).as(listed.toString()).isEqualTo(2);
		assertThat(listed.err()).contains("rowlift.target.compress=zstd stores column title of table zdocs as compressed bytes, but it is "
				+ titleType() + ", not a BLOB type; declare it " + blobType() + " with a migration (ALTER TABLE zdocs ...), or leave it out of "
				+ "rowlift.target.compress-columns");
		RowliftRun text = rowlift(file, "zdocs_text", ZSTD, "--rowlift.source.ignore-unknown=true");
		assertThat(text.exitCode()).as(text.toString()).isEqualTo(2);
		assertThat(text.err()).contains("rowlift.target.compress=zstd stores documents as compressed bytes, but table zdocs_text has no "
				+ "BLOB column outside its primary key that the load fills (the loaded columns: id " + idType() + ", body " + textType()
				+ "); declare the document column " + blobType() + " with a migration, or name it in rowlift.target.compress-columns");
		assertThat(count("SELECT COUNT(*) FROM zdocs") + count("SELECT COUNT(*) FROM zdocs_text")).isZero();
	}

	@Test
	void aLoadFailedMidLoadResumesWithTheSameDictionaryToAnExactTable() throws Exception {
		Map<Integer, String> docs = documents(4000, 11);
		Path file = write("docs.jsonl", docs);
		String[] options = { ZSTD, "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=100" };
		RowliftRun failed = rowlift(file, "zdocs", concat(options, "--rowlift.test.fail-at-byte=" + (Files.size(file) / 2 + 1000)));
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(count("SELECT COUNT(*) FROM zdocs")).as("some rows committed, not all").isBetween(1L, 3999L);
		RowliftRun resumed = rowlift(file, "zdocs", options);
		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("resumed and completed").contains("read 4,000 = written 4,000");
		assertThat(decoded()).isEqualTo(docs);
		assertThat(dictionaryIds()).as("never trained again").containsExactly(1);
		assertThat(count("SELECT COUNT(*) FROM " + ZstdDictionaries.TABLE)).isEqualTo(1);
	}

	@Test
	void aResumeWithoutCompressIsRefusedNamingTheSetting() throws Exception {
		Map<Integer, String> docs = documents(2000, 13);
		Path file = write("docs.jsonl", docs);
		RowliftRun failed = rowlift(file, "zdocs", ZSTD, "--rowlift.job.chunk-size=100",
				"--rowlift.test.fail-at-byte=" + (Files.size(file) / 2));
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		RowliftRun plain = rowlift(file, "zdocs", "--rowlift.job.chunk-size=100");
		assertThat(plain.exitCode()).as(plain.toString()).isEqualTo(3);
		assertThat(plain.err()).contains("rowlift.target.compress: 'zstd' -> (not set)");
	}

	@Test
	void aLoadKilledInsideAUnitResumesWithTheSameDictionaryToAnExactTable() throws Exception {
		Map<Integer, String> docs = documents(20_000, 17);
		Path file = write("docs.jsonl", docs);
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift.log"));
		try {
			List<String> command = new ArrayList<>(target().options());
			command.addAll(List.of("--rowlift.source.path=" + file, "--rowlift.target.table=zdocs", ZSTD,
					"--rowlift.job.partitions=3", "--rowlift.job.chunk-size=1000"));
			List<String> paused = new ArrayList<>(command);
			paused.add("--rowlift.test.pause-at=load");
			RowliftJar.Attempt first = jar.start("paused in the load", paused);
			long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
			while (!first.output().contains("rowlift-test: paused at load")) {
				assertThat(first.waitFor(100)).as(jar.tail(20_000)).isFalse();
				assertThat(System.nanoTime()).as("paused within 3 minutes").isLessThan(deadline);
			}
			first.kill();
			RowliftJar.Attempt again = jar.runHere("the same command after kill -9", command, Duration.ofMinutes(3));
			assertThat(again.exitCode()).as(jar.tail(20_000)).isZero();
			assertThat(again.output()).contains("run 1 resumed and completed");
			assertThat(decoded()).isEqualTo(docs);
			assertThat(dictionaryIds()).as("never trained again").containsExactly(1);
			assertThat(count("SELECT COUNT(*) FROM " + ZstdDictionaries.TABLE)).isEqualTo(1);
		}
		finally {
			jar.killAll();
		}
	}

	@Test
	void theDocumentedCommandLineRecipeGivesTheDocumentBack() throws Exception {
		for (String tool : List.of("zstd", "tail", "base64", client())) {
			boolean there = new ProcessBuilder("bash", "-c", "command -v " + tool).start().waitFor() == 0;
			if (!there && !"true".equals(System.getenv("CI"))) {
				org.junit.jupiter.api.Assumptions.abort(tool + " is not installed (apt-get install zstd sqlite3 mariadb-client)");
			}
			assertThat(there).as(tool + " installed (.ci/run installs it)").isTrue();
		}
		Map<Integer, String> docs = documents(300, 19);
		RowliftRun run = rowlift(write("docs.jsonl", docs), "zdocs", ZSTD);
		assertThat(run.exitCode()).as(run.toString()).isZero();
		for (int id : new int[] { 1, 42, 300 }) {
			Path work = Files.createDirectories(this.dir.resolve("recipe-" + id));
			ProcessBuilder shell = new ProcessBuilder("bash", "-e", "-o", "pipefail", "-c", recipe(id)).directory(work.toFile())
				.redirectError(work.resolve("stderr").toFile());
			Process process = shell.start();
			byte[] out = process.getInputStream().readAllBytes();
			assertThat(process.waitFor()).as(recipe(id) + "\n" + Files.readString(work.resolve("stderr"))).isZero();
			assertThat(new String(out, StandardCharsets.UTF_8)).as("document " + id).isEqualTo(docs.get(id));
		}
	}

	/** A block of docs/compact-storage.md between {@code <!-- name -->} and {@code <!-- /name -->}, its code lines. */
	static String documented(String name) throws Exception {
		String doc = Files.readString(Path.of("docs/compact-storage.md"));
		int start = doc.indexOf("<!-- " + name + " -->");
		int end = doc.indexOf("<!-- /" + name + " -->");
		assertThat(start).as("docs/compact-storage.md has the block " + name).isNotNegative();
		List<String> lines = new ArrayList<>();
		for (String line : doc.substring(start, end).split("\n")) {
			if (!line.startsWith("```") && !line.startsWith("<!--") && !line.isBlank()) {
				lines.add(line);
			}
		}
		return String.join("\n", lines) + "\n";
	}

	/** The database's command-line client the recipe uses. */
	abstract String client();

	/** Type names as the database reports them, for the asserted messages. */
	abstract String titleType();

	abstract String idType();

	abstract String textType();

	abstract String blobType();

	/** {@code count} documents of 0 to 2,000 characters: JSON text, indented, any Unicode; keyed 1..count. */
	static Map<Integer, String> documents(int count, long seed) {
		Random random = new Random(seed);
		String[] words = { "alpha", "beta", "gamma", "delta", "état", "中文", "😀", "key", "value", "name", "id", "\\", "\"" };
		Map<Integer, String> docs = new LinkedHashMap<>();
		for (int i = 1; i <= count; i++) {
			StringBuilder doc = new StringBuilder("{\n");
			int target = random.nextInt(2001);
			int field = 0;
			while (doc.length() < target) {
				doc.append(field == 0 ? "" : ",\n").append("  \"").append(words[random.nextInt(7, words.length - 2)]).append(field++)
					.append("\": \"");
				for (int w = random.nextInt(1, 12); w > 0; w--) {
					doc.append(words[random.nextInt(words.length)]).append(random.nextInt(3) == 0 ? random.nextInt(1000) : "").append(' ');
				}
				doc.append('"');
			}
			docs.put(i, random.nextInt(50) == 0 ? "" : doc.append("\n}").toString());
		}
		return docs;
	}

	Path write(String name, Map<Integer, String> docs) throws Exception {
		StringBuilder lines = new StringBuilder();
		for (Map.Entry<Integer, String> doc : docs.entrySet()) {
			lines.append("{\"id\": ").append(doc.getKey()).append(", \"title\": \"t").append(doc.getKey()).append("\", \"body\": ")
				.append(JSON.writeValueAsString(doc.getValue())).append("}\n");
		}
		Path file = this.dir.resolve(name);
		Files.writeString(file, lines, StandardCharsets.UTF_8);
		return file;
	}

	/** Every body decoded, by id. */
	Map<Integer, String> decoded() throws SQLException {
		Map<Integer, String> docs = new LinkedHashMap<>();
		try (Connection c = target().connect(); ZstdValues values = new ZstdValues(c); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT id, body FROM zdocs ORDER BY id")) {
			while (rs.next()) {
				docs.put(rs.getInt(1), values.decodeText(rs.getBytes(2)));
			}
		}
		return docs;
	}

	Map<Integer, String> titles() throws SQLException {
		Map<Integer, String> titles = new LinkedHashMap<>();
		try (Connection c = target().connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT id, title FROM zdocs ORDER BY id")) {
			while (rs.next()) {
				titles.put(rs.getInt(1), rs.getString(2));
			}
		}
		return titles;
	}

	/** The dictionary IDs the stored values name. */
	Set<Integer> dictionaryIds() throws SQLException {
		Set<Integer> ids = new TreeSet<>();
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT body FROM zdocs")) {
			while (rs.next()) {
				ids.add(ZstdValues.dictionaryId(rs.getBytes(1)));
			}
		}
		return ids;
	}

}
