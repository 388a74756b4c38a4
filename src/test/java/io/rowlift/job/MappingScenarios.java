package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RepeatedKeys;
import io.rowlift.testsupport.RowliftJar;

/**
 * Issue #22 item 2 with the real jar, on both pipelines: the row filter ({@code rowlift.source.filter})
 * with computed columns loads exactly, and so after a SIGKILL in the load and the same command again (the
 * filtered records counted once, in the summary, its JSON and {@code status}); a filter it cannot evaluate
 * rejects the record at its place; a rerun with another filter is refused (exit 3) naming it, and its advice
 * (start over with a mode that empties the table) is followed; the advice the header-mismatch message gives
 * ({@code rowlift.target.columns.<column>.from=NAME}, {@code rowlift.source.ignore-columns=NAME}) is followed
 * literally.
 */
abstract class MappingScenarios extends JarScenarioSupport {

	/** Keeps a record flagged y or Y, or whose flag is a number above 5; a flag that is neither is a reject. */
	static final String FILTER = "flag in ('y', 'Y') or number(flag) > 5";

	/** The same rows, without the numbers (a different filter: a rerun with it is refused). */
	static final String OTHER_FILTER = "flag = 'y'";

	static final String[] MAPPING = { "--rowlift.target.columns.value_1.expression=trim(first)",
			"--rowlift.target.columns.value_2.expression=number(plus7) - 7", "--rowlift.source.ignore-columns=note",
			"--rowlift.job.skip-limit=100" };

	/** The spring pipeline's file is larger: a kill lands in its load step by watching the table (no pause point there). */
	static final long SPRING_ROWS = 300_000;

	/**
	 * A file of the values of {@code ints} ({@code first,plus7,flag,note}: value_1 with blanks around it,
	 * value_2 plus 7, the flag y) with records mixed in that the filter drops ({@code flag} 0: values that
	 * would not fit, never converted), that it keeps and whose value cannot be computed ({@code plus7} x...,
	 * rejected), that it cannot evaluate ({@code flag} zz, rejected at the flag) and kept ones flagged 9 or Y.
	 */
	record Mixed(Path csv, Path ints, long rows, long filtered, List<Long> rejectedLines, List<String> reasons,
			long otherFiltered, long otherRejected, long[] yDigest) {

		long read() {
			return this.rows + this.filtered + this.rejectedLines.size();
		}

	}

	Mixed mixed(long rows) throws Exception {
		Path ints = GenCsv.write(this.dir.resolve("ints.csv"), "ints", rows, 4);
		List<String> lines = Files.readAllLines(ints);
		List<String> out = new ArrayList<>(lines.size() + 64);
		List<Long> rejected = new ArrayList<>();
		List<String> reasons = new ArrayList<>();
		long filtered = 0;
		long otherFiltered = 0;
		long otherRejected = 0;
		long[] y = new long[3]; // the rows flagged y: count, sums of value_1 and value_2 % 1000003 (as assertExact)
		out.add("first,plus7,flag,note");
		for (int i = 1; i < lines.size(); i++) {
			String line = lines.get(i);
			int comma = line.indexOf(',');
			String first = line.substring(0, comma);
			long plus7 = Long.parseLong(line.substring(comma + 1)) + 7;
			String flag = i % 3_001 == 0 ? "9" : i % 2_999 == 0 ? "Y" : "y";
			if (!flag.equals("y")) {
				otherFiltered++; // the other filter keeps y only
			}
			else {
				y[0]++;
				y[1] += Long.parseLong(first) % 1_000_003;
				y[2] += (plus7 - 7) % 1_000_003;
			}
			out.add(" " + first + " ," + plus7 + "," + flag + ",n" + i);
			if (i % 5_000 == 17) { // dropped, never converted (x is no number)
				out.add("1,x" + i + ",0,dropped");
				filtered++;
				otherFiltered++;
			}
			if (i % 20_000 == 10) { // kept, its value_2 cannot be computed
				out.add("1,x" + i + ",y,bad");
				rejected.add((long) out.size());
				reasons.add("2,\"?column value_2 = number\\(plus7\\) - 7: 'x" + i + "' \\(plus7\\) is not a number");
				otherRejected++;
			}
			if (i % 20_000 == 15_000) { // the filter cannot be evaluated: rejected at the flag (field 3)
				out.add("1,8,zz" + i + ",bad");
				rejected.add((long) out.size());
				reasons.add("3,\"?filter flag in \\('y', 'Y'\\) or number\\(flag\\) > 5: 'zz" + i + "' \\(flag\\) is not a number");
				otherFiltered++; // the other filter drops it: no number needed
			}
		}
		Path csv = this.dir.resolve("mixed.csv");
		Files.write(csv, out);
		return new Mixed(csv, ints, rows, filtered, rejected, reasons, otherFiltered, otherRejected, y);
	}

	/** {@link #command} with the mapping, the filter and the pipeline. */
	List<String> mapped(Path csv, String pipeline, String filter, String... more) {
		List<String> args = command(csv, MAPPING);
		args.add("--rowlift.job.pipeline=" + pipeline);
		args.add("--rowlift.source.filter=" + filter);
		args.addAll(List.of(more));
		return args;
	}

	/**
	 * Kills the command in its load step: the fast pipeline at its pause after a commit; the spring
	 * pipeline, which has no pause point there, once the table holds a tenth of the rows.
	 */
	void killedInTheLoad(String pipeline, List<String> command, long rows) throws Exception {
		if (pipeline.equals("fast")) {
			killedInTheLoad(command);
			return;
		}
		RowliftJar.Attempt attempt = this.jar.start("killed once a tenth is in", command);
		long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
		long committed = 0;
		while (committed < rows / 10 && !attempt.waitFor(50) && System.nanoTime() < deadline) {
			try (Connection c = target().connect()) {
				committed = KillAndResumeIntegrationTests.longs(c, "SELECT COUNT(*) FROM ints")[0];
			}
			catch (SQLException ex) {
				// busy while the loader commits: look again
			}
		}
		attempt.kill();
	}

	String counts(long read, long written, long rejected, long filtered) {
		return String.format(java.util.Locale.ROOT, "read %,d = written %,d + rejected %,d + filtered %,d", read, written, rejected,
				filtered);
	}

	@ParameterizedTest(name = "{0} pipeline")
	@ValueSource(strings = { "fast", "spring" })
	void filterAndExpressionsLoadExactlyAcrossAKillAndAChangedFilterIsRefused(String pipeline) throws Exception {
		Mixed file = mixed(pipeline.equals("fast") ? ROWS : SPRING_ROWS);
		Path summary = this.dir.resolve("summary.json");
		killedInTheLoad(pipeline, mapped(file.csv(), pipeline, FILTER), file.rows());
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).as("rows when killed\n" + this.jar.tail(20_000)).isPositive().isLessThan(file.rows());

		RowliftJar.Attempt refused = this.jar.runHere("the filter changed", mapped(file.csv(), pipeline, OTHER_FILTER), TIMEOUT);

		assertThat(refused.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(refused.output()).contains("rowlift: settings changed since run 1, which did not finish (FAILED): resuming it "
				+ "would load the rest of the file differently from the rows it loaded so far: rowlift.source.filter: '" + FILTER
				+ "' -> '" + OTHER_FILTER + "'; run the command with run 1's settings to resume it")
			.contains("set rowlift.job.start-over=true and one of: rowlift.target.mode=truncate");
		assertThat(count("SELECT COUNT(*) FROM ints")).as("the refused command wrote nothing").isEqualTo(committed);

		// "run the command with run 1's settings to resume it"
		RowliftJar.Attempt again = this.jar.runHere("the same command", mapped(file.csv(), pipeline, FILTER,
				"--rowlift.report.summary-file=" + summary), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed")
			.contains(counts(file.read(), file.rows(), file.rejectedLines().size(), file.filtered()));
		assertExact(file.ints());
		Path rejects = Path.of(file.csv() + ".rejects.csv");
		assertThat(RepeatedKeys.rejectedLines(rejects)).as("each rejected once, at its line")
			.containsExactlyInAnyOrderElementsOf(file.rejectedLines());
		String reasons = Files.readString(Path.of(rejects + ".reasons.csv"));
		for (int i = 0; i < file.rejectedLines().size(); i++) { // line, byte offset, field, reason
			assertThat(reasons).containsPattern(file.rejectedLines().get(i) + ",[0-9]+," + file.reasons().get(i));
		}
		var json = tools.jackson.databind.json.JsonMapper.builder().build().readTree(Files.readString(summary));
		assertThat(json.get("filtered").asLong()).as("the summary's JSON").isEqualTo(file.filtered());

		List<String> status = new ArrayList<>(List.of("status"));
		status.addAll(command(file.csv()).subList(0, target().options().size()));
		RowliftJar.Attempt shown = this.jar.runHere("status", status, TIMEOUT);
		assertThat(shown.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(shown.output()).containsPattern("run +state +rows +filtered +started")
			.containsPattern(String.format(java.util.Locale.ROOT, " *1 +completed +%,d +%,d ", file.rows(), file.filtered()));
	}

	@ParameterizedTest(name = "{0} pipeline")
	@ValueSource(strings = { "fast", "spring" })
	void theStartOverTheChangedFilterRefusalAdvisesLoadsWithTheNewFilter(String pipeline) throws Exception {
		Mixed file = mixed(pipeline.equals("fast") ? ROWS : SPRING_ROWS);
		killedInTheLoad(pipeline, mapped(file.csv(), pipeline, FILTER), file.rows());
		RowliftJar.Attempt refused = this.jar.runHere("the filter changed", mapped(file.csv(), pipeline, OTHER_FILTER), TIMEOUT);
		assertThat(refused.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(refused.output()).contains("rowlift.source.filter: '" + FILTER + "' -> '" + OTHER_FILTER + "'")
			.contains("so set rowlift.job.start-over=true and one of: rowlift.target.mode=truncate");

		RowliftJar.Attempt over = this.jar.runHere("start-over, as the refusal says", mapped(file.csv(), pipeline, OTHER_FILTER,
				"--rowlift.job.start-over=true", "--rowlift.target.mode=truncate"), TIMEOUT);

		assertThat(over.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(over.output()).contains("run 2 completed");
		// the other filter keeps the y rows only: the 9 and Y ones are not in the table
		long[] y = file.yDigest();
		assertThat(over.output()).contains(counts(file.read(), y[0], file.otherRejected(), file.otherFiltered()));
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(y[0]);
		assertThat(count("SELECT SUM(value_1 % 1000003) FROM ints")).isEqualTo(y[1]);
		assertThat(count("SELECT SUM(value_2 % 1000003) FROM ints")).isEqualTo(y[2]);
		assertThat(target().indexes("ints")).isEqualTo(CrashScenarios.INTS_INDEXES);
	}

	/** A header with a name the table lacks: the message's two ways out, each followed as printed. */
	@ParameterizedTest(name = "{0} pipeline")
	@ValueSource(strings = { "fast", "spring" })
	void theAdviceOfTheHeaderMismatchMessageIsFollowedLiterally(String pipeline) throws Exception {
		Path ints = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 20_000, 6);
		List<String> lines = Files.readAllLines(ints);
		Path csv = this.dir.resolve("renamed.csv");
		List<String> renamed = new ArrayList<>(lines);
		renamed.set(0, "value_1,second");
		Files.write(csv, renamed);

		RowliftJar.Attempt mismatch = this.jar.runHere("a header name the table lacks", command(csv, "--rowlift.job.pipeline=" + pipeline),
				TIMEOUT);

		assertThat(mismatch.exitCode()).as(this.jar.tail(20_000)).isEqualTo(2);
		String advice = csv + ":1:2: the header names column 'second', which table ints does not have (its columns: "
				+ "id, value_1, value_2); fix the header, map it to column value_2 with rowlift.target.columns.value_2.from=second (or "
				+ "another column the header leaves unfilled: id), leave it out with "
				+ "rowlift.source.ignore-columns=second, or add the column with a migration";
		assertThat(mismatch.output()).contains(advice);
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();

		// "map it to column value_2 with rowlift.target.columns.value_2.from=second", as printed
		RowliftJar.Attempt mapped = this.jar.runHere("mapped as advised", command(csv, "--rowlift.job.pipeline=" + pipeline,
				"--rowlift.target.columns.value_2.from=second"), TIMEOUT);

		assertThat(mapped.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertExact(ints);

		// "leave it out with rowlift.source.ignore-columns=second", on a file with one more field
		Path extra = this.dir.resolve("extra.csv");
		List<String> withExtra = new ArrayList<>();
		withExtra.add("value_1,value_2,second");
		for (String line : lines.subList(1, lines.size())) {
			withExtra.add(line + ",s");
		}
		Files.write(extra, withExtra);
		RowliftJar.Attempt extraRefused = this.jar.runHere("an extra header name", command(extra, "--rowlift.job.pipeline=" + pipeline,
				"--rowlift.target.mode=truncate"), TIMEOUT);
		assertThat(extraRefused.exitCode()).as(this.jar.tail(20_000)).isEqualTo(2);
		assertThat(extraRefused.output()).contains(extra + ":1:3: the header names column 'second', which table ints does not have")
			.contains("leave it out with rowlift.source.ignore-columns=second");

		RowliftJar.Attempt ignored = this.jar.runHere("left out as advised", command(extra, "--rowlift.job.pipeline=" + pipeline,
				"--rowlift.target.mode=truncate", "--rowlift.source.ignore-columns=second"), TIMEOUT);

		assertThat(ignored.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertExact(ints);
	}

	@Test
	void aFilterThatIsNoConditionOrDoesNotCompileIsExit2NamingTheKey() throws Exception {
		Path ints = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 100, 7);

		RowliftJar.Attempt value = this.jar.runHere("a value", command(ints, "--rowlift.source.filter=value_1 + 1"), TIMEOUT);
		RowliftJar.Attempt broken = this.jar.runHere("no field", command(ints, "--rowlift.source.filter=value_3 > 1"), TIMEOUT);

		assertThat(value.exitCode()).as(this.jar.tail(20_000)).isEqualTo(2);
		assertThat(value.output()).contains("rowlift.source.filter is 'value_1 + 1', which gives number, not a condition; write a "
				+ "condition such as amount > 0 or country = 'FR' (docs/mapping.md)");
		assertThat(broken.exitCode()).isEqualTo(2);
		assertThat(broken.output()).contains("rowlift.source.filter: no field 'value_3' in the header (its names: value_1, value_2)");
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();
	}

}
