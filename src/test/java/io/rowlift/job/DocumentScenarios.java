package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.DocumentFolder;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;

/**
 * A folder of documents (issue #21 item 4) on a real database: one row per file, the key from its name, the
 * values from its JSON object; several partition counts, exact content; names whose directory order is not key
 * order written in key order (checked by the order the database stored them in); a document that is not JSON
 * named with its place, and the printed advice followed; a file removed during the load named, and the printed
 * advice followed; killed in a unit and at a random moment, the same command loads it exactly; the spring
 * pipeline refused naming the fast one.
 */
abstract class DocumentScenarios extends ScenarioSupport {

	/** The query giving document_order's ids in the order the rows were inserted. */
	abstract String insertionOrder();

	@Test
	void everyDocumentArrivesExactlyWithOneThreeAndSevenPartitions() throws Exception {
		Path folder = this.dir.resolve("docs");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(folder, 2000, 11);
		for (int partitions : new int[] { 1, 3, 7 }) {
			target().reset();
			RowliftRun run = rowlift(folder, "docs", "--rowlift.job.partitions=" + partitions, "--rowlift.job.chunk-size=150");
			assertThat(run.exitCode()).as(run.toString()).isZero();
			assertThat(run.out()).contains("read 2,000 = written 2,000 + rejected 0").contains(partitions + " partition");
			assertThat(run.err()).contains("rowlift: documents: 2,000 files, " + String.format(java.util.Locale.ROOT, "%,.1f", bytes(folder) / 1e6)
						+ " MB read from " + folder + "; ");
			assertThat(stored()).as(partitions + " partitions").isEqualTo(rows(docs));
		}
	}

	@Test
	void namesNotInKeyOrderAreWrittenInKeyOrderNumericNamesAsNumbers() throws Exception {
		Path folder = this.dir.resolve("docs");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(folder, 1500, 5);
		List<Long> inKeyOrder = docs.stream().map(DocumentFolder.Doc::id).toList();
		List<Long> listed;
		try (Stream<Path> files = Files.list(folder)) {
			listed = files.map(f -> Long.parseLong(f.getFileName().toString().replace(".json", ""))).toList();
		}
		assertThat(listed).as("the directory lists its files in another order").isNotEqualTo(inKeyOrder);
		List<Long> byName = inKeyOrder.stream().sorted((a, b) -> a.toString().compareTo(b.toString())).toList();
		assertThat(byName).as("names sorted as text are in another order").isNotEqualTo(inKeyOrder);

		// the rows in the order the format gives them: file order, no sort by the load
		RowliftRun run = rowlift(folder, "document_order", "--rowlift.job.partitions=1", "--rowlift.sort.key-order=file",
				"--rowlift.job.chunk-size=100");
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(ids(insertionOrder())).isEqualTo(inKeyOrder);

		// and the load sees the folder in key order by itself
		RowliftRun auto = rowlift(folder, "docs");
		assertThat(auto.exitCode()).as(auto.toString()).isZero();
		assertThat(auto.out()).contains("rows in file order (the input gives its records in key order)");
	}

	@Test
	void aGlobLoadsTheFilesItMatchesOnly() throws Exception {
		Path folder = this.dir.resolve("docs");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(folder, 300, 3);
		Files.writeString(folder.resolve("README.txt"), "not a document");
		RowliftRun run = rowlift(folder.resolve("*.json"), "docs", "--rowlift.job.partitions=2");
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 300 = written 300");
		assertThat(stored()).isEqualTo(rows(docs));

		// which run a command means: the folder unchanged is already loaded; a file touched is a changed folder
		RowliftRun same = rowlift(folder.resolve("*.json"), "docs", "--rowlift.target.mode=truncate");
		assertThat(same.exitCode()).as(same.toString()).isEqualTo(3);
		assertThat(same.err()).contains("already loaded: run 1 loaded this file into docs");
		Files.setLastModifiedTime(folder.resolve(docs.get(0).id() + ".json"), java.nio.file.attribute.FileTime.fromMillis(86_400_000L));
		RowliftRun touched = rowlift(folder.resolve("*.json"), "docs", "--rowlift.target.mode=truncate");
		assertThat(touched.exitCode()).as(touched.toString()).isZero();
		assertThat(touched.out()).contains("run 2 completed");
		assertThat(stored()).isEqualTo(rows(docs));
	}

	@Test
	void aDocumentThatIsNotJsonIsNamedWithItsPlaceAndTheAdviceLoadsTheWholeFiles() throws Exception {
		Path folder = this.dir.resolve("docs");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(folder, 60, 7);
		Files.writeString(folder.resolve("1000001.json"), "[1, 2]", StandardCharsets.UTF_8);
		Files.writeString(folder.resolve("1000002.json"), "{\"text\": \"half\",, \"created_at\": 1}", StandardCharsets.UTF_8);

		RowliftRun strict = rowlift(folder, "docs", "--rowlift.job.partitions=1");
		assertThat(strict.exitCode()).as(strict.toString()).isEqualTo(1);
		assertThat(strict.err()).contains(folder + "/1000001.json:1 (byte 0): the document holds an array, not a JSON object; "
				+ "each file must hold one object ({\"key\": value, ...}): fix or remove the file, or set "
				+ "rowlift.source.content-column=COLUMN to load each file's whole content into one column");
		assertThat(count("SELECT COUNT(*) FROM docs WHERE id > 1000000")).isZero();

		target().reset();
		RowliftRun tolerant = rowlift(folder, "docs", "--rowlift.job.partitions=2", "--rowlift.job.skip-limit=5");
		assertThat(tolerant.exitCode()).as(tolerant.toString()).isZero();
		assertThat(tolerant.out()).contains("read 62 = written 60 + rejected 2");
		assertThat(stored()).isEqualTo(rows(docs));
		assertThat(Files.readString(Path.of(folder + ".rejects.csv"), StandardCharsets.UTF_8))
			.isEqualTo("[1, 2]\n{\"text\": \"half\",, \"created_at\": 1}\n");
		assertThat(Files.readString(Path.of(folder + ".rejects.csv.reasons.csv"), StandardCharsets.UTF_8))
			.contains("the document is not JSON: Unexpected character (',' (code 44))");

		// the advice, followed: each file's whole content into one column
		RowliftRun whole = rowlift(folder, "document_bodies", "--rowlift.source.key-column=name",
				"--rowlift.source.content-column=body");
		assertThat(whole.exitCode()).as(whole.toString()).isZero();
		assertThat(whole.out()).contains("read 62 = written 62 + rejected 0");
		assertThat(rows("SELECT name, body FROM document_bodies WHERE name IN ('1000001', '" + docs.get(0).id() + "') ORDER BY name"))
			.containsExactly(List.of("1000001", "[1, 2]"), List.of(Long.toString(docs.get(0).id()), DocumentFolder.json(docs.get(0))));
	}

	@Test
	void theSpringPipelineCannotReadAFolderExitTwoNamesTheFastPipeline() throws Exception {
		Path folder = this.dir.resolve("docs");
		DocumentFolder.write(folder, 10, 1);
		RowliftRun run = rowlift(folder, "docs", "--rowlift.job.pipeline=spring");
		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err()).contains(folder + ": the spring pipeline (set by rowlift.job.pipeline) cannot read documents input")
			.contains("load it with the fast pipeline (--rowlift.job.pipeline=fast");
		assertThat(count("SELECT COUNT(*) FROM docs")).isZero();
	}

	@Test
	void aFileRemovedDuringTheLoadStopsItWithItsNameAndTheAdviceLoadsTheFolderAsItIsNow() throws Exception {
		Path folder = this.dir.resolve("docs");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(folder, 3000, 13);
		DocumentFolder.Doc last = docs.get(docs.size() - 1);
		Path removed = folder.resolve(last.id() + ".json");
		long size = Files.size(removed);
		Path resume = this.dir.resolve("resume");
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift.log"));
		try {
			List<String> command = command(folder, "docs", "--rowlift.job.partitions=1", "--rowlift.job.chunk-size=100");
			List<String> paused = new ArrayList<>(command);
			paused.addAll(List.of("--rowlift.test.pause-at=load", "--rowlift.test.resume-when=" + resume));
			RowliftJar.Attempt first = jar.start("paused in the load", paused);
			jar.awaitOutput(first, "rowlift-test: paused at load", Duration.ofMinutes(3));
			Files.delete(removed);
			Files.writeString(resume, "go");
			assertThat(first.waitFor(Duration.ofMinutes(3).toMillis())).as(jar.tail(20_000)).isTrue();
			assertThat(first.exitCode()).as(jar.tail(20_000)).isEqualTo(1);
			assertThat(first.output()).contains(folder + "/" + last.id() + ".json was deleted or moved during the load (" + size
					+ " bytes when the load listed " + folder + "). Rowlift loads a folder as it was listed when the load started, "
					+ "so its files must be left alone until the load has ended; nothing of this document was written. Run the "
					+ "same command again: it is refused (exit 3) because the folder changed, and says how to load the folder as it "
					+ "is now");
			assertThat(count("SELECT COUNT(*) FROM docs WHERE id = " + last.id())).isZero();

			// the advice: the same command is refused because the folder changed, and says how to load it as it is now
			RowliftRun again = RowliftRun.of(command);
			assertThat(again.exitCode()).as(again.toString()).isEqualTo(3);
			assertThat(again.err()).contains("file changed since run 1, which did not finish (FAILED): resuming it would load a "
					+ "different file; to abandon run 1 and load the file as it is now, run 1 committed 2,900 rows to docs, which "
					+ "Rowlift cannot tell apart from its other rows, so set rowlift.job.start-over=true and one of: "
					+ "rowlift.target.mode=truncate (empties docs");
			List<String> startOver = new ArrayList<>(command);
			startOver.addAll(List.of("--rowlift.job.start-over=true", "--rowlift.target.mode=truncate"));
			RowliftRun now = RowliftRun.of(startOver);
			assertThat(now.exitCode()).as(now.toString()).isZero();
			assertThat(stored()).isEqualTo(rows(docs.subList(0, docs.size() - 1)));
		}
		finally {
			jar.killAll();
		}
	}

	@Test
	void aFileAddedToASettledFolderDuringTheLoadFailsItsEndWithTheFolderNamed() throws Exception {
		Path folder = this.dir.resolve("docs");
		DocumentFolder.write(folder, 300, 19);
		// left alone for an hour, as its time says: the load's end trusts the directory's stamp, which a name added moves
		Files.setLastModifiedTime(folder, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
		Path resume = this.dir.resolve("resume");
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift.log"));
		try {
			List<String> paused = new ArrayList<>(command(folder, "docs", "--rowlift.job.partitions=1", "--rowlift.job.chunk-size=100"));
			paused.addAll(List.of("--rowlift.test.pause-at=load", "--rowlift.test.resume-when=" + resume));
			RowliftJar.Attempt first = jar.start("paused in the load", paused);
			jar.awaitOutput(first, "rowlift-test: paused at load", Duration.ofMinutes(3));
			Files.writeString(folder.resolve("999999.json"), "{\"text\": \"late\", \"created_at\": 1}");
			Files.writeString(resume, "go");
			assertThat(first.waitFor(Duration.ofMinutes(3).toMillis())).as(jar.tail(20_000)).isTrue();
			assertThat(first.exitCode()).as(jar.tail(20_000)).isEqualTo(1);
			assertThat(first.output()).contains(folder + " changed while it was loaded (a file added, removed, renamed, resized or "
					+ "modified): 300 files of ");
			assertThat(count("SELECT COUNT(*) FROM docs WHERE id = 999999")).isZero();
		}
		finally {
			jar.killAll();
		}
	}

	@Test
	void killedInAUnitAndAtARandomMomentTheSameCommandLoadsTheFolderExactly() throws Exception {
		Path folder = this.dir.resolve("docs");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(folder, 6000, 17);
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift.log"));
		try {
			List<String> command = command(folder, "docs", "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=200");
			List<String> paused = new ArrayList<>(command);
			paused.add("--rowlift.test.pause-at=load");
			RowliftJar.Attempt first = jar.start("paused in the load", paused);
			jar.awaitOutput(first, "rowlift-test: paused at load", Duration.ofMinutes(3));
			first.kill();
			RowliftJar.Attempt again = jar.runHere("the same command after kill -9", command, Duration.ofMinutes(3));
			assertThat(again.exitCode()).as(jar.tail(20_000)).isZero();
			assertThat(again.output()).contains("run 1 resumed and completed").contains("read 6,000 = written 6,000");
			assertThat(stored()).isEqualTo(rows(docs));

			long seed = Long.getLong("rowlift.test.kill.seed", System.nanoTime());
			long delay = new Random(seed).nextInt(Math.max(1, (int) again.elapsedMillis()));
			System.out.println("documents kill: seed " + seed + ", kill " + delay + " ms after the job's start");
			target().reset();
			command = command(folder, "docs", "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=200"); // the new database
			// the moment is random from the job's start on: a kill inside the fresh database's migrations would leave
			// MySQL's DDL half applied (it commits each statement by itself), Flyway's limit, not the load's
			Path go = this.dir.resolve("go");
			List<String> held = new ArrayList<>(command);
			held.addAll(List.of("--rowlift.test.pause-at=" + LoadLauncher.JOB_START, "--rowlift.test.resume-when=" + go));
			RowliftJar.Attempt killed = jar.start("killed " + delay + " ms after the job's start (seed " + seed + ")", held);
			jar.awaitOutput(killed, "rowlift-test: paused at " + LoadLauncher.JOB_START, Duration.ofMinutes(3));
			Files.createFile(go);
			if (!killed.waitFor(delay)) {
				killed.kill();
			}
			RowliftJar.Attempt rerun = jar.runHere("the same command after the kill", command, Duration.ofMinutes(3));
			String said = rerun.output();
			if (rerun.exitCode() == 3) { // the killed run had completed the load before its kill came
				assertThat(said).as(jar.tail(20_000)).contains("already loaded");
			}
			else {
				assertThat(rerun.exitCode()).as(jar.tail(20_000)).isZero();
			}
			assertThat(stored()).as("seed " + seed + ", delay " + delay + " ms").isEqualTo(rows(docs));
		}
		finally {
			jar.killAll();
		}
	}

	List<String> command(Path folder, String table, String... options) {
		List<String> args = new ArrayList<>(target().options());
		args.add("--rowlift.source.path=" + folder);
		args.add("--rowlift.target.table=" + table);
		args.addAll(List.of(options));
		return args;
	}

	/** The rows of docs by id: id, text, created_at. */
	List<List<String>> stored() throws Exception {
		return rows("SELECT id, text, created_at FROM docs ORDER BY id");
	}

	static List<List<String>> rows(List<DocumentFolder.Doc> docs) {
		return docs.stream().map(DocumentFolder.Doc::row).toList();
	}

	List<Long> ids(String sql) throws Exception {
		List<Long> ids = new ArrayList<>();
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			while (rs.next()) {
				ids.add(rs.getLong(1));
			}
		}
		return ids;
	}

	static long bytes(Path folder) throws Exception {
		try (Stream<Path> files = Files.list(folder)) {
			return files.mapToLong(f -> f.toFile().length()).sum();
		}
	}

}
