package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;

/**
 * UTF-16 and UTF-32 CSV files (issue #21 item 5) by the whole command on a real database, into {@code texts (id,
 * body)}: each byte order, with its byte order mark or named by {@code rowlift.source.encoding}, at partition
 * counts 1 to 8, exact; a load failed at a random record and one killed inside a unit resumed exactly; a bad record
 * placed by the file's line and byte, its reject in UTF-8; the spring pipeline refused naming the fast one.
 */
abstract class WideCharsetScenarios extends ScenarioSupport {

	/** Pieces of bodies: quotes, commas, line breaks, and characters whose UTF-16 units hold the bytes of ',' and LF. */
	private static final String[] PIECES = { "a", "Zürich", "東京", "😀", "\u2C0A", "\u0A2C", ",", "\"", "\n", "\r\n", " ", "é€", "0" };

	/** The file's text ({@code id,body}) and the bodies it holds, by id. */
	record Text(String csv, List<String> bodies) {
	}

	static Text text(int rows, long seed) {
		Random random = new Random(seed);
		StringBuilder csv = new StringBuilder("id,body\n");
		List<String> bodies = new ArrayList<>();
		for (int id = 1; id <= rows; id++) {
			StringBuilder body = new StringBuilder();
			for (int i = random.nextInt(6); i >= 0; i--) {
				body.append(PIECES[random.nextInt(PIECES.length)]);
			}
			String b = body.toString();
			boolean quote = b.contains(",") || b.contains("\"") || b.contains("\n") || b.contains("\r") || b.isBlank()
					|| random.nextBoolean();
			csv.append(id).append(',').append(quote ? "\"" + b.replace("\"", "\"\"") + "\"" : b).append('\n');
			bodies.add(b);
		}
		return new Text(csv.toString(), bodies);
	}

	Path write(Text text, String charset, boolean mark) throws Exception {
		Path file = this.dir.resolve("texts.csv");
		Files.write(file, ((mark ? "\uFEFF" : "") + text.csv()).getBytes(Charset.forName(charset)));
		return file;
	}

	List<String> stored() throws Exception {
		return rows("SELECT body FROM texts ORDER BY id").stream().map(r -> r.get(0)).toList();
	}

	/** The options that name the charset: none with a mark (it decides), else the setting. */
	static List<String> encoding(String charset, boolean mark) {
		return mark ? List.of() : List.of("--rowlift.source.encoding=" + charset);
	}

	@ParameterizedTest(name = "{0}, mark {1}, partitions {2}")
	@CsvSource({ "UTF-16LE, true, 1", "UTF-16LE, true, 2", "UTF-16LE, true, 3", "UTF-16LE, true, 4", "UTF-16LE, true, 5",
			"UTF-16LE, true, 6", "UTF-16LE, true, 7", "UTF-16LE, true, 8", "UTF-16LE, false, 5", "UTF-16BE, true, 2",
			"UTF-16BE, false, 7", "UTF-32LE, true, 3", "UTF-32LE, false, 8", "UTF-32BE, true, 6", "UTF-32BE, false, 4" })
	void loadsExactlyWhateverTheByteOrderTheMarkAndThePartitionCount(String charset, boolean mark, int partitions) throws Exception {
		Text text = text(3000, partitions * 31L + charset.hashCode());
		Path file = write(text, charset, mark);
		List<String> options = new ArrayList<>(encoding(charset, mark));
		options.addAll(List.of("--rowlift.job.partitions=" + partitions, "--rowlift.job.chunk-size=250",
				"--rowlift.report.progress=none"));

		RowliftRun run = rowlift(file, "texts", options.toArray(String[]::new));

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 3,000 = written 3,000");
		assertThat(stored()).isEqualTo(text.bodies());
	}

	@Test
	void failedAtARandomRecordTheSameCommandResumesExactly() throws Exception {
		long seed = System.nanoTime();
		int failAt = 1 + new Random(seed).nextInt(6000);
		Text text = text(6000, seed);
		Path file = write(text, "UTF-16BE", true);
		String[] options = { "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=400", "--rowlift.report.progress=none" };

		RowliftRun failed = rowlift(file, "texts", concat(options, "--rowlift.test.fail-at-record=" + failAt));

		assertThat(failed.exitCode()).as("seed " + seed + ", failed at record " + failAt + ": " + failed).isEqualTo(1);
		assertThat(count("SELECT COUNT(*) FROM texts")).isLessThan(6000);

		RowliftRun again = rowlift(file, "texts", options);

		assertThat(again.exitCode()).as("seed " + seed + ": " + again).isZero();
		assertThat(again.out()).contains("run 1 resumed and completed").contains("read 6,000 = written 6,000");
		assertThat(stored()).as("seed " + seed + ", failed at record " + failAt).isEqualTo(text.bodies());
	}

	@Test
	void killedInsideAUnitTheSameCommandResumesExactly() throws Exception {
		Text text = text(40_000, 29);
		Path file = write(text, "UTF-16LE", true);
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift.log"));
		try {
			List<String> command = new ArrayList<>(target().options());
			command.addAll(List.of("--rowlift.source.path=" + file, "--rowlift.target.table=texts", "--rowlift.job.partitions=3",
					"--rowlift.job.chunk-size=1000"));
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
			assertThat(stored()).isEqualTo(text.bodies());
		}
		finally {
			jar.killAll();
		}
	}

	@ParameterizedTest
	@CsvSource({ "UTF-16LE", "UTF-32BE" })
	void aBadRecordIsPlacedByTheFilesLineAndByteAndItsRejectIsUtf8(String charset) throws Exception {
		Charset cs = Charset.forName(charset);
		String head = "id,body\n1,\"東京\nzwei\"\n2,😀\n";
		String bad = "x3,Zürich\n";
		Path file = this.dir.resolve("texts.csv");
		Files.write(file, ("\uFEFF" + head + bad + "4,end\n").getBytes(cs));
		long unit = "\uFEFF".getBytes(cs).length;
		long at = unit + head.getBytes(cs).length;

		RowliftRun strict = rowlift(file, "texts", "--rowlift.job.chunk-size=1", "--rowlift.report.progress=none");

		assertThat(strict.exitCode()).as(strict.toString()).isEqualTo(1);
		assertThat(strict.err()).contains(file + ":5:1 (byte " + at + "): 'x3' is not an integer, as column id");

		target().reset();
		RowliftRun tolerant = rowlift(file, "texts", "--rowlift.job.skip-limit=1", "--rowlift.report.progress=none");
		assertThat(tolerant.exitCode()).as(tolerant.toString()).isZero();
		assertThat(stored()).containsExactly("東京\nzwei", "😀", "end");
		assertThat(Files.readString(Path.of(file + ".rejects.csv"))).isEqualTo("id,body\n" + bad);
		assertThat(Files.readString(Path.of(file + ".rejects.csv.reasons.csv"))).contains("5," + at + ",1,");
	}

	@Test
	void theSpringPipelineRefusesItWithExit2NamingTheFastPipeline() throws Exception {
		Path file = write(text(10, 1), "UTF-16LE", true);

		RowliftRun run = rowlift(file, "texts", "--rowlift.job.pipeline=spring");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err() + run.out()).contains(file + ": the spring pipeline (set by rowlift.job.pipeline) cannot read UTF-16LE csv"
				+ " input").contains("--rowlift.job.pipeline=fast");
		assertThat(count("SELECT COUNT(*) FROM texts")).isZero();
	}

}
