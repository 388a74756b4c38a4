package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetMode;

import io.rowlift.job.RunDecision.Kind;
import io.rowlift.job.RunDecision.LastRun;

class RunDecisionTests {

	private static final String SAME = "same-file";

	private static final String CHANGED = "changed-file";

	private static final LocalDateTime END = LocalDateTime.of(2026, 1, 31, 13, 45, 7);

	@Test
	void aLoadNeverRunBeforeIsNew() {
		for (boolean reload : new boolean[] { false, true }) {
			for (boolean startOver : new boolean[] { false, true }) {
				assertThat(decide(null, reload, startOver)).isEqualTo(new RunDecision(Kind.NEW, -1, null));
			}
		}
	}

	@Test
	void aCompletedLoadOfTheSameFileIsRefusedUnlessReloaded() {
		LastRun completed = last(BatchStatus.COMPLETED, SAME);

		assertThat(decide(completed, false, false)).isEqualTo(new RunDecision(Kind.REFUSE, 7,
				"already loaded: run 7 loaded this file into people (completed 2026-01-31T13:45:07) and the file has not "
						+ "changed since; set rowlift.job.reload=true to load it again"));
		assertThat(decide(completed, false, true).kind()).as("start-over does not reload").isEqualTo(Kind.REFUSE);
		assertThat(decide(completed, true, false)).isEqualTo(new RunDecision(Kind.NEW, 7, null));
	}

	@Test
	void aCompletedLoadOfAChangedFileOrAnAbandonedOneIsNew() {
		assertThat(decide(last(BatchStatus.COMPLETED, CHANGED), false, false).kind()).isEqualTo(Kind.NEW);
		assertThat(decide(last(BatchStatus.ABANDONED, SAME), false, false).kind()).isEqualTo(Kind.NEW);
		assertThat(decide(last(BatchStatus.ABANDONED, CHANGED), false, true).kind()).isEqualTo(Kind.NEW);
	}

	@Test
	void anUnfinishedLoadOfTheSameFileResumes() {
		// UNKNOWN: a failed commit; the launcher has FailedCommitRecovery mark it failed, then resumes it
		for (BatchStatus status : new BatchStatus[] { BatchStatus.FAILED, BatchStatus.STOPPED, BatchStatus.UNKNOWN }) {
			assertThat(decide(last(status, SAME), false, false)).as("%s", status).isEqualTo(new RunDecision(Kind.RESUME, 7, null));
			assertThat(decide(last(status, SAME), true, false).kind()).as("reload does not start over").isEqualTo(Kind.RESUME);
		}
	}

	@Test
	void startOverAbandonsAnUnfinishedLoadWhateverItsFileOrStateWhenNoRowsStayUnderTheNewLoad() {
		for (BatchStatus status : new BatchStatus[] { BatchStatus.FAILED, BatchStatus.STOPPED, BatchStatus.UNKNOWN }) {
			for (String fingerprint : new String[] { SAME, CHANGED }) {
				assertThat(decide(last(status, fingerprint, 0), false, true)).as("%s %s, no rows", status, fingerprint)
					.isEqualTo(new RunDecision(Kind.ABANDON_THEN_NEW, 7, null));
				for (LoadMode mode : new LoadMode[] { LoadMode.TRUNCATE, LoadMode.REPLACE, LoadMode.UPSERT, LoadMode.IGNORE }) {
					assertThat(RunDecision.decide(Optional.of(last(status, fingerprint, 2_000)), SAME, false, true, "people",
							new TargetMode(mode, null)))
						.as("%s %s, 2,000 rows, into %s", status, fingerprint, mode)
						.isEqualTo(new RunDecision(Kind.ABANDON_THEN_NEW, 7, null));
				}
				assertThat(RunDecision.decide(Optional.of(last(status, fingerprint, 2_000)), SAME, false, true, true, "people",
						TargetMode.APPEND)).as("%s %s, kept as told", status, fingerprint)
					.isEqualTo(new RunDecision(Kind.ABANDON_THEN_NEW, 7, null));
			}
		}
		LastRun replace = new LastRun(7, BatchStatus.FAILED, CHANGED, END, new TargetMode(LoadMode.REPLACE, null), 2_000);
		assertThat(RunDecision.decide(Optional.of(replace), SAME, false, true, "people", TargetMode.APPEND).kind())
			.as("a replace's rows went to its staging table, which start-over drops").isEqualTo(Kind.ABANDON_THEN_NEW);
	}

	@Test
	void startOverInAppendModeOfARunThatCommittedRowsIsRefusedNamingTheChoices() {
		for (LastRun last : new LastRun[] { last(BatchStatus.FAILED, CHANGED, 2_000),
				new LastRun(7, BatchStatus.FAILED, CHANGED, END, new TargetMode(LoadMode.TRUNCATE, null), 2_000),
				new LastRun(7, BatchStatus.FAILED, CHANGED, END, new TargetMode(LoadMode.UPSERT, null), 2_000) }) {
			RunDecision refused = RunDecision.decide(Optional.of(last), SAME, false, true, "people", TargetMode.APPEND);
			assertThat(refused.kind()).as("after %s", last.mode()).isEqualTo(Kind.REFUSE);
			assertThat(refused.message()).startsWith("start-over refused: run 7 (FAILED) committed 2,000 rows to people in "
					+ "rowlift.target.mode=" + last.mode().mode().setting() + ", and Rowlift cannot tell them apart from people's other "
					+ "rows to remove them: a new load in rowlift.target.mode=append would keep them under it, rows that both loads "
					+ "hold twice. Nothing was written. Set one of these too (with rowlift.job.start-over=true): ")
				.endsWith(CHOICES);
		}
		assertThat(decide(last(BatchStatus.STOPPED, CHANGED), false, true).message())
			.as("rows not known are taken to be some")
			.startsWith("start-over refused: run 7 (STOPPED) committed rows to people")
			.contains("(the rows of run 7 stay in people beside the new load");
	}

	@Test
	void anUnfinishedLoadOfAChangedFileIsRefusedAdvisingOnlyAStartOverThatCannotDoubleRows() {
		assertThat(decide(last(BatchStatus.FAILED, CHANGED, 2_000), false, false)).isEqualTo(new RunDecision(Kind.REFUSE, 7,
				"file changed since run 7, which did not finish (FAILED): resuming it would load a different file; "
						+ "to abandon run 7 and load the file as it is now, run 7 committed 2,000 rows to people, which Rowlift "
						+ "cannot tell apart from its other rows, so set rowlift.job.start-over=true and one of: " + CHOICES));
		assertThat(decide(last(BatchStatus.FAILED, CHANGED, 0), false, false)).isEqualTo(new RunDecision(Kind.REFUSE, 7,
				"file changed since run 7, which did not finish (FAILED): resuming it would load a different file; "
						+ "set rowlift.job.start-over=true to abandon run 7 and load the file as it is now "
						+ "(run 7 committed no rows to people)"));
		assertThat(decide(last(BatchStatus.UNKNOWN, CHANGED), false, false).message())
			.startsWith("file changed since run 7, which did not finish (UNKNOWN)");
		LastRun upsert = new LastRun(7, BatchStatus.FAILED, CHANGED, END, new TargetMode(LoadMode.UPSERT, null), 2_000);
		assertThat(RunDecision.decide(Optional.of(upsert), SAME, false, false, "people", upsert.mode()).message())
			.as("upsert matches keys: start-over alone is safe").endsWith("set rowlift.job.start-over=true to abandon run 7 "
					+ "and load the file as it is now (rows run 7 committed stay in people)");
	}

	/** The choices every refused or advised start-over in append mode names, for a run that committed 2,000 rows. */
	private static final String CHOICES = "rowlift.target.mode=truncate (empties people, also of the rows it held before run 7, "
			+ "then loads the file); rowlift.target.mode=replace (loads the file beside people and swaps it in: people then holds "
			+ "the file's rows only); or rowlift.job.keep-abandoned-rows=true (the 2,000 rows of run 7 stay in people beside the "
			+ "new load: for when you have removed them yourself, or want them kept)";

	@Test
	void aResumeInAnotherModeIsRefusedNamingBoth() {
		LastRun replace = new LastRun(7, BatchStatus.FAILED, SAME, END, new TargetMode(LoadMode.REPLACE, null));
		assertThat(RunDecision.decide(Optional.of(replace), SAME, false, false, "people", TargetMode.APPEND))
			.isEqualTo(new RunDecision(Kind.REFUSE, 7, "mode changed since run 7, which did not finish (FAILED): it started "
					+ "with rowlift.target.mode=replace and this command sets rowlift.target.mode=append; run the command with "
					+ "rowlift.target.mode=replace to resume run 7, or set rowlift.job.start-over=true to abandon it and load with "
					+ "rowlift.target.mode=append (its staging table is dropped and people keeps its rows until a run swaps)"));
		LastRun upsert = new LastRun(7, BatchStatus.FAILED, SAME, END, new TargetMode(LoadMode.UPSERT, null), 2_000);
		assertThat(RunDecision.decide(Optional.of(upsert), SAME, false, false, "people", TargetMode.APPEND).message())
			.as("back to append over 2,000 upserted rows: only the choices").endsWith("to resume run 7, or, to abandon it and load "
					+ "with rowlift.target.mode=append, run 7 committed 2,000 rows to people, which Rowlift cannot tell apart from "
					+ "its other rows, so set rowlift.job.start-over=true and one of: " + CHOICES);
		assertThat(RunDecision.decide(Optional.of(replace), SAME, false, false, "people", new TargetMode(LoadMode.REPLACE, null)))
			.isEqualTo(new RunDecision(Kind.RESUME, 7, null));
		assertThat(RunDecision.decide(Optional.of(replace), SAME, false, true, "people", TargetMode.APPEND).kind())
			.as("start-over abandons whatever the mode").isEqualTo(Kind.ABANDON_THEN_NEW);
		LastRun truncate = new LastRun(7, BatchStatus.COMPLETED, SAME, END, new TargetMode(LoadMode.TRUNCATE, null));
		assertThat(RunDecision.decide(Optional.of(truncate), "other", false, false, "people", TargetMode.APPEND).kind())
			.as("a completed load does not bind the next one").isEqualTo(Kind.NEW);
	}

	@Test
	void aChangedFileOfAnUnfinishedReplaceOrTruncateSaysWhatStartOverLeaves() {
		LastRun replace = new LastRun(7, BatchStatus.FAILED, SAME, END, new TargetMode(LoadMode.REPLACE, null));
		assertThat(RunDecision.decide(Optional.of(replace), CHANGED, false, false, "people", replace.mode()).message())
			.endsWith("(its staging table is dropped and people keeps its rows until a run swaps)");
		LastRun truncate = new LastRun(7, BatchStatus.STOPPED, SAME, END, new TargetMode(LoadMode.TRUNCATE, null));
		assertThat(RunDecision.decide(Optional.of(truncate), CHANGED, false, false, "people", truncate.mode()).message())
			.endsWith("(rows run 7 committed stay in people until the new run empties it)");
	}

	private static LastRun last(BatchStatus status, String fingerprint) {
		return new LastRun(7, status, fingerprint, END);
	}

	private static LastRun last(BatchStatus status, String fingerprint, long committed) {
		return new LastRun(7, status, fingerprint, END, TargetMode.APPEND, committed);
	}

	private static RunDecision decide(LastRun last, boolean reload, boolean startOver) {
		return RunDecision.decide(Optional.ofNullable(last), SAME, reload, startOver, "people");
	}

}
