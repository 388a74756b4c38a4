package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.TestTarget;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Live progress and the run report (docs/reports.md), run through the packaged jar as an operator
 * runs it, on a real database: progress lines on standard error (never on standard output), the bar
 * on a real pseudo-terminal ({@code script} of util-linux), one line per partition, the phase table
 * on standard output with the summary line unchanged, and the JSON summary's phases and samples
 * checked against the counts the table prints.
 */
abstract class ProgressScenarios {

	static final int ROWS = 300_000;

	@TempDir
	Path dir;

	abstract TestTarget target();

	@BeforeEach
	void setUp() throws Exception {
		target().reset();
	}

	@AfterEach
	void tearDown() throws Exception {
		target().dispose();
	}

	/** ints rows and two bad records at the end (not numbers), which the skip limit lets through. */
	private Path intsWithTwoBadRecords() throws IOException {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS);
		Files.writeString(csv, "oops,1\n2,nope\n", StandardCharsets.US_ASCII, java.nio.file.StandardOpenOption.APPEND);
		return csv;
	}

	@Test
	void linesOnStandardErrorAndAReportWhoseJsonAddsUp() throws Exception {
		Path csv = intsWithTwoBadRecords();
		Path json = this.dir.resolve("summary.json");
		Run run = run(csv, "ints", "--rowlift.report.progress=lines", "--rowlift.report.progress-interval=200ms",
				"--rowlift.job.partitions=2", "--rowlift.job.skip-limit=5", "--rowlift.report.summary-file=" + json);

		assertThat(run.exit).as(run.toString()).isZero();
		Pattern load = Pattern.compile("rowlift: progress load (\\d+\\.\\d)% [\\d,.]+ of [\\d,.]+ MiB, [\\d,]+ rows?, [\\d,]+ rows/s, "
				+ "[\\d,.]+ MiB/s, ETA (\\d+:\\d\\d:\\d\\d|\\?), phase \\d+:\\d\\d:\\d\\d, elapsed \\d+:\\d\\d:\\d\\d");
		List<String> loadLines = run.err.lines().filter(l -> l.startsWith("rowlift: progress load")).toList();
		assertThat(loadLines).as(run.toString()).isNotEmpty().allMatch(l -> load.matcher(l).matches());
		assertThat(loadLines.get(loadLines.size() - 1)).as("the load as it ended").contains("load 100.0% ");
		// a phase as short as the index drop may start and end between two samples: the report lists it below
		assertThat(run.err).contains("rowlift: progress index-rebuild building 3 indexes");
		assertThat(run.out).as("standard output carries the report, not the progress").doesNotContain("rowlift: progress");
		assertThat(run.err).as("append neither prepares nor swaps a table").doesNotContain("rowlift: progress table-prepare")
			.doesNotContain("rowlift: progress swap");

		// the report: a row per phase, the partitions under the load, the totals, where the rejects went
		Map<String, long[]> table = table(run.out);
		assertThat(table.keySet()).containsExactly("prepare", "index-drop", "load", "  partition0", "  partition1",
				"index-rebuild", "accounting", "total"); // no before- or after-SQL: no such phase
		assertThat(table.get("load")).startsWith(ROWS + 2, ROWS, 2);
		assertThat(table.get("total")).startsWith(ROWS + 2, ROWS, 2);
		assertThat(table.get("  partition0")[1] + table.get("  partition1")[1]).isEqualTo(ROWS);
		assertThat(run.out).contains("rejects: 2 records (all runs) in " + csv + ".rejects.csv, reasons in " + csv
				+ ".rejects.csv.reasons.csv");
		assertThat(lastLine(run.out)).startsWith("rowlift: run 1 completed: " + String.format("%,d", ROWS) + " rows from " + csv)
			.endsWith("read 300,002 = written 300,000 + rejected 2");

		// the JSON: the same counts
		JsonNode root = JsonMapper.builder().build().readTree(Files.readString(json));
		Instant started = Instant.parse(root.get("startedAt").asString());
		Instant ended = Instant.parse(root.get("endedAt").asString());
		assertThat(ended).isAfter(started);
		assertThat(root.get("rowsThisRun").asLong()).isEqualTo(ROWS);
		List<String> names = new ArrayList<>();
		root.get("phases").forEach(p -> names.add(p.get("name").asString()));
		assertThat(names).containsExactly("prepare", "index-drop", "load", "index-rebuild", "accounting");
		JsonNode loadPhase = root.get("phases").get(2);
		assertThat(loadPhase.get("written").asLong()).isEqualTo(ROWS);
		assertThat(loadPhase.get("read").asLong()).isEqualTo(ROWS + 2);
		assertThat(loadPhase.get("rejected").asLong()).isEqualTo(2);
		assertThat(loadPhase.get("bytes").asLong()).as("the whole data after the header")
			.isEqualTo(Files.size(csv) - "value_1,value_2\n".length());
		assertThat(loadPhase.get("status").asString()).isEqualTo("COMPLETED");
		assertThat(loadPhase.get("rowsPerSecond").asDouble()).isPositive();
		Instant.parse(loadPhase.get("startedAt").asString());
		long written = 0;
		long bytes = 0;
		Map<String, JsonNode> partitions = new LinkedHashMap<>();
		for (JsonNode partition : loadPhase.get("partitions")) {
			partitions.put(partition.get("name").asString(), partition);
			written += partition.get("written").asLong();
			bytes += partition.get("bytes").asLong();
			assertThat(partition.get("status").asString()).isEqualTo("COMPLETED");
			assertThat(partition.get("seconds").asDouble()).isPositive();
			Instant.parse(partition.get("startedAt").asString());
		}
		assertThat(partitions.keySet()).containsExactly("partition0", "partition1");
		assertThat(written).isEqualTo(ROWS);
		assertThat(bytes).isEqualTo(loadPhase.get("bytes").asLong());
		for (int i = 0; i < root.get("phases").size(); i++) {
			if (i != 2) { // the load, after prepare and index-drop
				assertThat(root.get("phases").get(i).get("partitions")).isEmpty();
			}
		}
		// the samples: per partition, in time order, ending at what the partition committed
		Map<String, List<JsonNode>> samples = new LinkedHashMap<>();
		root.get("samples").forEach(s -> samples.computeIfAbsent(s.get("partition").asString(), k -> new ArrayList<>()).add(s));
		assertThat(samples.keySet()).containsExactlyInAnyOrder("partition0", "partition1");
		samples.forEach((name, points) -> {
			double t = -1;
			for (JsonNode point : points) {
				assertThat(point.get("t").asDouble()).isGreaterThanOrEqualTo(t);
				t = point.get("t").asDouble();
			}
			JsonNode lastPoint = points.get(points.size() - 1);
			assertThat(lastPoint.get("rows").asLong()).isEqualTo(partitions.get(name).get("written").asLong());
			assertThat(lastPoint.get("bytes").asLong()).isEqualTo(partitions.get(name).get("bytes").asLong());
			assertThat(t).isLessThanOrEqualTo(ended.toEpochMilli() / 1000.0 - started.toEpochMilli() / 1000.0 + 0.001);
			// the last point is at the partition's own end (as its bar in the timeline), not at the run's end
			JsonNode partition = partitions.get(name);
			double end = (Instant.parse(partition.get("startedAt").asString()).toEpochMilli() - started.toEpochMilli()) / 1000.0
					+ partition.get("seconds").asDouble();
			assertThat(t).as(name + "'s last sample").isCloseTo(end, org.assertj.core.data.Offset.offset(0.25));
		});
		// what watching cost: the sampler's CPU time, a small share of the run
		assertThat(root.get("progressCpuSeconds").asDouble()).isLessThan(0.05 * root.get("seconds").asDouble());
		// what was there before stays
		assertThat(root.get("steps")).isNotEmpty();
		assertThat(root.get("rejectFile").asString()).isEqualTo(csv + ".rejects.csv");
	}

	@Test
	void partitionsModeShowsEachPartition() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS);
		Run run = run(csv, "ints", "--rowlift.report.progress=partitions", "--rowlift.report.progress-interval=200ms",
				"--rowlift.job.partitions=3", "--rowlift.job.threads=3");

		assertThat(run.exit).as(run.toString()).isZero();
		Pattern partition = Pattern.compile("rowlift: progress load (partition\\d) [A-Z]+ (\\d+\\.\\d)% [\\d,.]+ of [\\d,.]+ MiB, "
				+ "[\\d,]+ rows?, [\\d,]+ rows/s");
		Map<String, String> lastPercent = new LinkedHashMap<>();
		run.err.lines().forEach(line -> {
			Matcher m = partition.matcher(line);
			if (m.matches()) {
				lastPercent.put(m.group(1), m.group(2));
			}
		});
		assertThat(lastPercent.keySet()).as(run.toString()).containsExactlyInAnyOrder("partition0", "partition1", "partition2");
		assertThat(lastPercent.values()).as("each partition's last line: its whole range").containsOnly("100.0");
		assertThat(run.out).doesNotContain("rowlift: progress");
	}

	@Test
	void aTerminalGetsABarDrawnInPlace() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS);
		List<String> command = command(csv, "ints");
		String line = command.stream().map(ProgressScenarios::shellQuote).collect(Collectors.joining(" "));
		// script gives the command a pseudo-terminal for its input and both outputs, and copies what it writes
		ProcessBuilder builder = new ProcessBuilder("script", "-qfec", line, "/dev/null").directory(this.dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("tty.log").toFile());
		Process process = builder.start();
		process.getOutputStream().close();
		assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("the run ends").isTrue();
		String tty = Files.readString(this.dir.resolve("tty.log"), StandardCharsets.UTF_8);

		assertThat(process.exitValue()).as(tty).isZero();
		assertThat(tty).as("no progress lines on a terminal").doesNotContain("rowlift: progress");
		Pattern bar = Pattern.compile("\rload +\\d+% \\[[= >]*\\] +[\\d.]+/\\d+ MiB \\(\\d+:\\d\\d:\\d\\d / [\\d:?]+\\) [\\d.?]+ ?MiB/s "
				+ "[\\d,]+ rows?"); // the library cuts the line at the terminal's width
		assertThat(bar.matcher(tty).find()).as(tty).isTrue();
		assertThat(tty).contains("\rload 100% ").contains("\rindex-rebuild").contains("300,000 rows");
		assertThat(tty).contains("rowlift: run 1 completed: 300,000 rows from ");
	}

	/** Runs the jar to its end with standard output and error apart. */
	/** Issue 34 item 11: an upsert that updated every row showed {@code 0 rows, 0 rows/s} and {@code 0 rows from} in its summary. */
	@Test
	void anUpsertCountsTheRowsItUpdatedInItsProgressAndItsSummary() throws Exception {
		StringBuilder text = new StringBuilder("id,name,score\n");
		for (int i = 1; i <= ROWS; i++) { // enough for the load to outlast a sample on a fast machine
			text.append(i).append(",name ").append(i).append(',').append(i % 7).append('\n');
		}
		Path first = Files.writeString(this.dir.resolve("accounts.csv"), text);
		Run insert = run(first, "accounts");
		assertThat(insert.exit).as(insert.toString()).isZero();
		Path again = Files.writeString(this.dir.resolve("accounts-renamed.csv"), text.toString().replace(",name ", ",renamed "));
		Run upsert = run(again, "accounts", "--rowlift.target.mode=upsert", "--rowlift.report.progress=lines",
				"--rowlift.report.progress-interval=200ms");
		assertThat(upsert.exit).as(upsert.toString()).isZero();
		assertThat(lastLine(upsert.out)).as(upsert.toString()).startsWith("rowlift: run 2 completed: 300,000 rows from " + again)
			.doesNotContain(" (0 rows/s)").doesNotContain("in all runs").endsWith("read 300,000 = written 0 + updated 300,000 + rejected 0");
		List<String> loadLines = upsert.err.lines().filter(l -> l.startsWith("rowlift: progress load")).toList();
		assertThat(loadLines).as(upsert.toString()).isNotEmpty();
		assertThat(loadLines.get(loadLines.size() - 1)).as("the load as it ended").contains(", 300,000 rows, ").doesNotContain(", 0 rows/s");
	}

	Run run(Path csv, String table, String... extra) throws Exception {
		List<String> command = command(csv, table, extra);
		Path out = this.dir.resolve("out-" + System.nanoTime() + ".log");
		Path err = this.dir.resolve("err-" + System.nanoTime() + ".log");
		Process process = new ProcessBuilder(command).directory(this.dir.toFile())
			.redirectOutput(out.toFile())
			.redirectError(err.toFile())
			.start();
		process.getOutputStream().close();
		if (!process.waitFor(180, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new AssertionError("rowlift did not end in 180 s");
		}
		return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
				Files.readString(err, StandardCharsets.UTF_8));
	}

	/** The command {@link RowliftJar} starts (this class redirects standard output and error apart itself). */
	private List<String> command(Path csv, String table, String... extra) throws IOException {
		List<String> args = new ArrayList<>(target().options());
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=" + table);
		args.addAll(List.of(extra));
		return new RowliftJar(this.dir, this.dir.resolve("rowlift.log")).command(args);
	}

	private static String shellQuote(String s) {
		return "'" + s.replace("'", "'\\''") + "'";
	}

	/** The report's rows by name: read, written, rejected. */
	static Map<String, long[]> table(String out) {
		Map<String, long[]> rows = new LinkedHashMap<>();
		boolean in = false;
		for (String line : out.lines().toList()) {
			if (line.startsWith("phase ")) {
				in = true;
				continue;
			}
			if (!in || line.startsWith("rejects:")) {
				in = false;
				continue;
			}
			String name = line.substring(0, 16).stripTrailing();
			String[] cells = line.substring(16).trim().split("\\s+");
			int first = name.equals("total") ? 0 : 1; // total has no status
			rows.put(name, new long[] { number(cells[first]), number(cells[first + 1]), number(cells[first + 2]) });
		}
		return rows;
	}

	private static long number(String cell) {
		return Long.parseLong(cell.replace(",", ""));
	}

	private static String lastLine(String text) {
		List<String> lines = text.lines().toList();
		return lines.get(lines.size() - 1);
	}

	record Run(int exit, String out, String err) {

		@Override
		public String toString() {
			return "exit " + this.exit + "\n--- stdout\n" + this.out + "\n--- stderr\n" + this.err;
		}

	}

}
