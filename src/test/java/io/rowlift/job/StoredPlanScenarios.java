package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.batch.core.repository.dao.DefaultExecutionContextSerializer;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;

/**
 * Issue #22 items 1 and 3 with the real jar, killed with SIGKILL at a known point and run again: the plan
 * stored with the run (a changed value setting is refused with every difference named, a changed how
 * setting resumes exactly, a run whose context holds no plan, as the version before stored plans left it,
 * resumes exactly) and the before/after SQL (once per load across a kill, where each runs relative to a
 * replace's staging table and swap, a failing before-SQL is exit 2 with nothing loaded, a failing
 * after-SQL is exit 1 and the same command runs it alone). Every advice a message gives is followed.
 */
abstract class StoredPlanScenarios extends JarScenarioSupport {

	@Test
	void aRerunWithAChangedValueSettingIsRefusedAndTheFirstRunsSettingsWithOtherHowSettingsResumeExactly() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 2);
		killedInTheLoad(command(csv));
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).isPositive().isLessThan(ROWS);

		RowliftJar.Attempt refused = this.jar.runHere("a value setting changed",
				command(csv, "--rowlift.source.null-value=NULL", "--rowlift.source.date-format=dd/MM/uuuu"), TIMEOUT);

		assertThat(refused.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(refused.output()).contains("rowlift: settings changed since run 1, which did not finish (FAILED): resuming it "
				+ "would load the rest of the file differently from the rows it loaded so far: rowlift.source.date-format: "
				+ "(not set) -> 'dd/MM/uuuu'; rowlift.source.null-value: (not set) -> 'NULL'; run the command with run 1's "
				+ "settings to resume it, or, to abandon it and load with these, run 1 committed")
			.contains("so set rowlift.job.start-over=true and one of: rowlift.target.mode=truncate");
		assertThat(count("SELECT COUNT(*) FROM ints")).as("the refused command wrote nothing").isEqualTo(committed);

		// "run the command with run 1's settings": with other threads and buffers, which change only how
		RowliftJar.Attempt again = this.jar.runHere("run 1's settings, other how settings",
				command(csv, "--rowlift.job.threads=1", "--rowlift.source.read-buffer=64KB", "--rowlift.job.read-ahead=0"), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed");
		assertExact(csv);
	}

	@Test
	void theStartOverTheRefusalNamesLoadsWithTheNewSettings() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 2);
		killedInTheLoad(command(csv));

		RowliftJar.Attempt refused = this.jar.runHere("a value setting changed", command(csv, "--rowlift.source.null-value=NULL"),
				TIMEOUT);
		assertThat(refused.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(refused.output()).contains("rowlift.source.null-value: (not set) -> 'NULL'")
			.contains("set rowlift.job.start-over=true and one of: rowlift.target.mode=truncate");

		RowliftJar.Attempt over = this.jar.runHere("start-over, as the refusal says", command(csv, "--rowlift.source.null-value=NULL",
				"--rowlift.job.start-over=true", "--rowlift.target.mode=truncate"), TIMEOUT);

		assertThat(over.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(over.output()).contains("run 2 completed");
		assertExact(csv);
	}

	@Test
	void aRunWhoseContextHoldsNoStoredPlanResumesExactlyAndGetsOne() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 2);
		killedInTheLoad(command(csv));
		assertThat(removeStoredPlans()).as("contexts that held a plan").isPositive();

		RowliftJar.Attempt again = this.jar.runHere("the same command", command(csv), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("was started by an earlier version of Rowlift, which stored no plan")
			.contains("run 1 resumed and completed");
		assertExact(csv);
		assertThat(contexts().values()).as("the resumed execution stored its plan").anyMatch(c -> c.containsKey(RunPlan.CONTEXT_KEY));
	}

	/**
	 * A run killed as its job started, after the job repository made its execution and before its plan was
	 * stored, has no plan anywhere (this version keeps none among its job parameters) and loaded nothing: the
	 * same command abandons it and loads anew. Made here by a kill in the first step, before anything is loaded,
	 * and the plan taken out of the context.
	 */
	@Test
	void aRunWithNoPlanStoredLoadedNothingAndTheSameCommandLoadsAnew() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 2);
		List<String> command = command(csv, "--rowlift.target.mode=truncate");
		killedAt("prepare", command); // the first step: the table emptied, nothing loaded
		assertThat(removeStoredPlans(false)).as("contexts that held a plan").isPositive();

		RowliftJar.Attempt again = this.jar.runHere("the same command", command, TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 ended as its job started, before its plan was stored")
			.contains("run 2 completed");
		assertExact(csv);
	}

	/**
	 * A run of the versions between stored plans and this one (up to 1dc5d08) kept its plan twice, stored and
	 * among its job parameters: it resumes from the stored plan, and its resume's parameters are this version's,
	 * its identity and this execution's choices only.
	 */
	@Test
	void aRunOfTheVersionBeforeWithItsPlanAlsoAmongItsParametersResumesExactly() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 2);
		killedInTheLoad(command(csv));
		// what identifies the run, and what a resume may change: the write method, the run settings, the index drop
		// and the machine's tuning (read-ahead, sort memory: the request's, PartitionTuning)
		List<String> mine = List.of("load.key", "source.fingerprint", "load.started", "target.write-method",
				"target.write-method-reason", "job.skip-limit", "source.read-buffer", "source.max-record-size",
				"schema.drop-indexes", "job.read-ahead", "sort.memory");
		int added = 0;
		try (Connection c = target().connect()) {
			Map<Long, RunPlan> plans = StoredPlanRows.plans(c);
			assertThat(plans).as("the killed run's plan, stored").hasSize(1);
			for (Map.Entry<Long, RunPlan> plan : plans.entrySet()) {
				assertThat(StoredPlanRows.parameterNames(c, plan.getKey())).as("a new run's job parameters")
					.containsExactlyInAnyOrderElementsOf(mine);
				added += StoredPlanRows.addEarlierParameters(c, plan.getKey(), plan.getValue());
			}
		}
		assertThat(added).as("the plan parameters 1dc5d08 wrote").isEqualTo(15);

		RowliftJar.Attempt again = this.jar.runHere("the same command", command(csv), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed").doesNotContain("earlier version");
		assertExact(csv);
		try (Connection c = target().connect()) {
			assertThat(StoredPlanRows.parameterNames(c, StoredPlanRows.lastExecution(c))).as("the resume's job parameters").containsExactlyInAnyOrderElementsOf(mine);
		}
	}

	/**
	 * @param pause where the run is killed: in the load (the fast pipeline's partitions pause there after a
	 * commit) or before the swap (the spring pipeline's load does not pause)
	 */
	@ParameterizedTest(name = "{0} pipeline, killed at {1}")
	@CsvSource({ "fast, load", "spring, swap" })
	void beforeAndAfterSqlRunOncePerLoadAcrossAKillAroundAReplacesStagingTableAndSwap(String pipeline, String pause)
			throws Exception {
		Path old = GenCsv.write(this.dir.resolve("old.csv"), "ints", 3_000, 1);
		assertThat(this.jar.runHere("old rows", command(old), TIMEOUT).exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(count(SQL_STEPS)).as("a load without before- or after-SQL has no such step").isZero();
		execute("CREATE TABLE sql_log (phase VARCHAR(40), n BIGINT)"); // after the migrations: Flyway wants them first
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 2);
		String[] sql = { "--rowlift.target.mode=replace", "--rowlift.job.pipeline=" + pipeline,
				"--rowlift.job.before-sql=INSERT INTO sql_log VALUES ('before; ints', (SELECT COUNT(*) FROM ints));"
						+ " INSERT INTO sql_log VALUES ('before -- 2', 0)",
				"--rowlift.job.after-sql=INSERT INTO sql_log VALUES ('after', (SELECT COUNT(*) FROM ints))" };
		killedAt(pause, command(csv, sql));
		assertThat(rows("SELECT phase, n FROM sql_log ORDER BY phase")).as("after the kill")
			.containsExactly(List.of("before -- 2", "0"), List.of("before; ints", "3000"));

		RowliftJar.Attempt again = this.jar.runHere("the same command", command(csv, sql), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 2 resumed and completed");
		// the before-SQL saw the table before the replace, once; the after-SQL the swapped-in table, once
		assertThat(rows("SELECT phase, n FROM sql_log ORDER BY phase")).containsExactly(List.of("after", String.valueOf(ROWS)),
				List.of("before -- 2", "0"), List.of("before; ints", "3000"));
		assertThat(count(SQL_STEPS)).as("the before-SQL's step in the first run, the after-SQL's in the second").isEqualTo(2);
		assertExact(csv);
	}

	/** The step executions of the before- and after-SQL, over every run. */
	private static final String SQL_STEPS = "SELECT COUNT(*) FROM BATCH_STEP_EXECUTION WHERE STEP_NAME IN ('"
			+ LoadJobNames.BEFORE_SQL + "', '" + LoadJobNames.AFTER_SQL + "')";

	@Test
	void aFailingBeforeSqlIsExit2WithNothingLoadedAndTheSameCommandLoadsOnceTheDatabaseIsFixed() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 20_000, 2);
		String before = "--rowlift.job.before-sql=DELETE FROM ints; INSERT INTO audit (n) SELECT COUNT(*) FROM ints";

		RowliftJar.Attempt failed = this.jar.runHere("before-sql on a missing table", command(csv, before), TIMEOUT);

		assertThat(failed.exitCode()).as(this.jar.tail(20_000)).isEqualTo(2);
		assertThat(failed.output()).contains("rowlift: rowlift.job.before-sql failed at statement 2 of 2, INSERT INTO audit (n) "
				+ "SELECT COUNT(*) FROM ints: ")
			.containsPattern("statement 2 of 2, [^\\n]*audit[^\\n]*audit")
			.contains("; nothing was loaded and none of its statements stays")
			.contains("fix the statement or the database, then run the command again");
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();

		execute("CREATE TABLE audit (n BIGINT)");
		RowliftJar.Attempt again = this.jar.runHere("the command again", command(csv, before), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 2 completed");
		assertThat(rows("SELECT n FROM audit")).containsExactly(List.of("0"));
		assertExact(csv);
	}

	@Test
	void aFailingAfterSqlIsExit1AndTheSameCommandRunsItAloneThenCompletes() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 20_000, 2);
		String after = "--rowlift.job.after-sql=INSERT INTO audit (n) SELECT COUNT(*) FROM ints";

		RowliftJar.Attempt failed = this.jar.runHere("after-sql on a missing table", command(csv, after), TIMEOUT);

		assertThat(failed.exitCode()).as(this.jar.tail(20_000)).isEqualTo(1);
		assertThat(failed.output()).contains("rowlift.job.after-sql failed at statement 1 of 1, INSERT INTO audit (n) SELECT "
				+ "COUNT(*) FROM ints: ")
			.contains("; the file is loaded and the run failed at its end")
			.contains("fix the statement or the database, then run the same command: it runs the after-SQL again and only it, "
					+ "the data is not loaded again")
			.doesNotContain("run the same command again to resume from the last commit");
		assertExact(csv);

		execute("CREATE TABLE audit (n BIGINT)");
		RowliftJar.Attempt again = this.jar.runHere("the same command", command(csv, after), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed");
		assertThat(rows("SELECT n FROM audit")).containsExactly(List.of("20000"));
		assertExact(csv); // not loaded twice
	}

	@ParameterizedTest(name = "{0} pipeline, killed at {1}")
	@CsvSource({ "fast, load", "spring, accounting" }) // the spring pipeline has no pause point inside its load step
	void renamedAndIgnoredColumnsLoadExactlyAcrossAKillAndARerunWithAnotherMappingIsRefused(String pipeline, String pause)
			throws Exception {
		Path ints = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 2);
		// the same values under other names, in another order, beside a column the table does not have
		Path csv = this.dir.resolve("renamed.csv");
		List<String> lines = Files.readAllLines(ints);
		List<String> renamed = new ArrayList<>(lines.size());
		renamed.add("note,second,first");
		for (String line : lines.subList(1, lines.size())) {
			int comma = line.indexOf(',');
			renamed.add("n" + renamed.size() + "," + line.substring(comma + 1) + "," + line.substring(0, comma));
		}
		Files.write(csv, renamed);
		String[] mapping = { "--rowlift.job.pipeline=" + pipeline, "--rowlift.target.columns.value_1.from=first",
				"--rowlift.target.columns.VALUE_2.from=Second", "--rowlift.source.ignore-columns=note" };
		killedAt(pause, command(csv, mapping));
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).isPositive().isLessThanOrEqualTo(ROWS);
		if (pause.equals("load")) {
			assertThat(committed).isLessThan(ROWS);
		}

		RowliftJar.Attempt refused = this.jar.runHere("the mapping changed", command(csv, "--rowlift.job.pipeline=" + pipeline,
				"--rowlift.target.columns.value_1.from=second", "--rowlift.target.columns.value_2.from=first",
				"--rowlift.source.ignore-columns=note"), TIMEOUT);

		assertThat(refused.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(refused.output()).contains("rowlift.target.columns.value_1.from: 'first' -> 'second'; "
				+ "rowlift.target.columns.value_2.from: 'Second' -> 'first'; the mapping of the file onto ints")
			.contains("set rowlift.job.start-over=true");
		assertThat(count("SELECT COUNT(*) FROM ints")).as("the refused command wrote nothing").isEqualTo(committed);

		RowliftJar.Attempt again = this.jar.runHere("the same command", command(csv, mapping), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed");
		assertExact(ints);
	}

	@Test
	void computedColumnsLoadExactlyAcrossAKillWithUncomputableValuesRejectedAtTheirPlaceAndAChangedExpressionIsRefused()
			throws Exception {
		Path ints = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 2);
		// value_1 with blanks around it (the column is an integer: only trim() makes it one), value_2 plus 7,
		// and now and then a record whose plus7 is no number
		Path csv = this.dir.resolve("computed.csv");
		List<String> lines = Files.readAllLines(ints);
		List<String> computed = new ArrayList<>(lines.size() + 8);
		List<Long> bad = new ArrayList<>();
		List<Integer> badValues = new ArrayList<>();
		computed.add("first,plus7,note");
		for (int i = 1; i < lines.size(); i++) {
			String line = lines.get(i);
			int comma = line.indexOf(',');
			computed.add(" " + line.substring(0, comma) + " ," + (Long.parseLong(line.substring(comma + 1)) + 7) + ",n" + i);
			if (i % 20_000 == 10) {
				computed.add("1,x" + i + ",bad");
				bad.add((long) computed.size());
				badValues.add(i);
			}
		}
		Files.write(csv, computed);
		String[] mapping = { "--rowlift.target.columns.value_1.expression=trim(first)",
				"--rowlift.target.columns.value_2.expression=number(plus7) - 7", "--rowlift.source.ignore-columns=note",
				"--rowlift.job.skip-limit=10" };
		killedInTheLoad(command(csv, mapping));
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).isPositive().isLessThan(ROWS);

		RowliftJar.Attempt refused = this.jar.runHere("the expression changed", command(csv,
				"--rowlift.target.columns.value_1.expression=trim(first)",
				"--rowlift.target.columns.value_2.expression=number(plus7) - 6", "--rowlift.source.ignore-columns=note",
				"--rowlift.job.skip-limit=10"), TIMEOUT);

		assertThat(refused.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(refused.output())
			.contains("rowlift.target.columns.value_2.expression: 'number(plus7) - 7' -> 'number(plus7) - 6'")
			.contains("set rowlift.job.start-over=true");
		assertThat(count("SELECT COUNT(*) FROM ints")).as("the refused command wrote nothing").isEqualTo(committed);

		RowliftJar.Attempt again = this.jar.runHere("the same command", command(csv, mapping), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed")
			.contains("read " + String.format("%,d", ROWS + bad.size()) + " = written " + String.format("%,d", ROWS)
					+ " + rejected " + bad.size());
		assertExact(ints);
		Path rejects = Path.of(csv + ".rejects.csv");
		assertThat(io.rowlift.testsupport.RepeatedKeys.rejectedLines(rejects)).as("each rejected once, at its line")
			.containsExactlyElementsOf(bad);
		String reasons = Files.readString(Path.of(rejects + ".reasons.csv"));
		for (int i = 0; i < bad.size(); i++) { // line, byte offset, field (plus7: 2), reason
			assertThat(reasons).containsPattern(bad.get(i) + ",[0-9]+,2,\"?column value_2 = number\\(plus7\\) - 7: 'x" + badValues.get(i)
					+ "' \\(plus7\\) is not a number");
		}
	}

	/** Every job execution's context, by execution id, as Spring Batch stored it. */
	Map<Long, Map<String, Object>> contexts() throws Exception {
		try (Connection c = target().connect()) {
			return StoredPlanRows.contexts(c);
		}
	}

	/**
	 * Removes the stored plan from every job execution context and puts it among the execution's job
	 * parameters instead, as the version before stored plans left a run (its contexts held the run's times
	 * only, and its job parameters held the plan, {@link EarlierVersionParameters}).
	 * @return how many held one
	 */
	int removeStoredPlans() throws Exception {
		return removeStoredPlans(true);
	}

	/**
	 * Removes the stored plan from every job execution context.
	 * @param earlierParameters whether to put it among the execution's job parameters instead, as the version
	 *        before stored plans kept it; without, the run looks as one of this version's killed as its job started,
	 *        before its plan was stored
	 * @return how many held one
	 */
	int removeStoredPlans(boolean earlierParameters) throws Exception {
		int removed = 0;
		for (Map.Entry<Long, Map<String, Object>> context : contexts().entrySet()) {
			Object packed = context.getValue().remove(RunPlan.CONTEXT_KEY);
			if (packed == null) {
				continue;
			}
			removed++;
			if (earlierParameters) {
				try (Connection c = target().connect()) {
					StoredPlanRows.addEarlierParameters(c, context.getKey(), RunPlan.fromJson(PackedPlan.unpack((String) packed)));
				}
			}
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			new DefaultExecutionContextSerializer().serialize(context.getValue(), out);
			String text = out.toString(StandardCharsets.ISO_8859_1);
			try (Connection c = target().connect(); PreparedStatement st = c.prepareStatement(
					"UPDATE BATCH_JOB_EXECUTION_CONTEXT SET SHORT_CONTEXT = ?, SERIALIZED_CONTEXT = ? WHERE JOB_EXECUTION_ID = ?")) {
				boolean longer = text.length() > 2500;
				st.setString(1, longer ? text.substring(0, 2497) + "..." : text);
				st.setString(2, longer ? text : null);
				st.setLong(3, context.getKey());
				st.executeUpdate();
			}
		}
		return removed;
	}

}
