package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;

import io.rowlift.database.TargetMode;
import io.rowlift.job.LoadStatus.Outlook;
import io.rowlift.job.LoadStatus.State;
import io.rowlift.job.RunDecision.LastRun;

/** What status says a run is, and what it says the same command would do: the launcher's decision. */
class LoadStatusTests {

	private static final LocalDateTime END = LocalDateTime.of(2026, 1, 31, 13, 45, 7);

	@Test
	void aRunLeftRunningIsRunningOnlyWhileItsLoadHoldsTheRunLock() {
		for (BatchStatus running : new BatchStatus[] { BatchStatus.STARTING, BatchStatus.STARTED, BatchStatus.STOPPING }) {
			assertThat(LoadStatus.state(running, true)).isEqualTo(State.RUNNING);
			assertThat(LoadStatus.state(running, false)).isEqualTo(State.KILLED);
		}
		assertThat(LoadStatus.state(BatchStatus.COMPLETED, true)).isEqualTo(State.COMPLETED);
		assertThat(LoadStatus.state(BatchStatus.FAILED, false)).isEqualTo(State.FAILED);
		assertThat(LoadStatus.state(BatchStatus.UNKNOWN, false)).as("a failed commit resumes like a failure").isEqualTo(State.FAILED);
		assertThat(LoadStatus.state(BatchStatus.STOPPED, false)).isEqualTo(State.STOPPED);
		assertThat(LoadStatus.state(BatchStatus.ABANDONED, false)).isEqualTo(State.ABANDONED);
		assertThat(State.KILLED.label()).isEqualTo("killed");
	}

	@Test
	void aHeldRunLockRefusesWhateverTheRunWas() {
		Outlook outlook = outlook(BatchStatus.COMPLETED, "f", Optional.of("f"), Optional.of("people"), false, false);
		assertThat(outlook).isEqualTo(new Outlook("refuse", 3, "another run is active",
				"another run is active: a load into people holds the run lock; wait for it to end"));
		assertThat(outlook.label()).isEqualTo("refuse (exit 3): another run is active");
		assertThat(outlook(BatchStatus.FAILED, "f", Optional.of("f"), Optional.of("orders"), false, false).message())
			.as("SQLite: one lock per database file")
			.contains("a load into orders (one load at a time per database file)");
	}

	@Test
	void aKilledRunIsResumedLikeAFailedOneAsTheLauncherMarksItFailed() {
		Outlook outlook = outlook(BatchStatus.STARTED, "f", Optional.of("f"), Optional.empty(), false, false);
		assertThat(outlook.label()).isEqualTo("resume: run 7, its unfinished partitions from their last commit");
		assertThat(outlook(BatchStatus.STARTED, "f", Optional.of("g"), Optional.empty(), false, false).label())
			.isEqualTo("refuse (exit 3): file changed since run 7");
		assertThat(outlook(BatchStatus.STOPPED, "f", Optional.of("g"), Optional.empty(), false, true).label())
			.isEqualTo("start over: abandon run 7 (rowlift.job.start-over=true)");
		Outlook doubling = LoadStatus.outlook(new LastRun(7, BatchStatus.STOPPED, "f", END, TargetMode.APPEND, 500), Optional.of("g"),
				Optional.empty(), false, true, "people", "data/people.csv");
		assertThat(doubling.label()).as("append: the 500 rows would stay under the new load").isEqualTo("refuse (exit 3): start-over refused");
		assertThat(doubling.message()).startsWith("start-over refused: run 7 (STOPPED) committed 500 rows to people");
	}

	@Test
	void aCompletedRunIsRefusedOrLoadedAgainAsTheLoadDecides() {
		Outlook refused = outlook(BatchStatus.COMPLETED, "f", Optional.of("f"), Optional.empty(), false, false);
		assertThat(refused.label()).isEqualTo("refuse (exit 3): already loaded");
		assertThat(refused.message()).startsWith("already loaded: run 7 loaded this file into people (completed 2026-01-31T13:45:07)");
		assertThat(outlook(BatchStatus.COMPLETED, "f", Optional.of("f"), Optional.empty(), true, false).label())
			.isEqualTo("new load: rowlift.job.reload=true");
		assertThat(outlook(BatchStatus.COMPLETED, "f", Optional.of("g"), Optional.empty(), false, false).label())
			.isEqualTo("new load: the file changed since");
		assertThat(outlook(BatchStatus.ABANDONED, "f", Optional.of("f"), Optional.empty(), false, false).label())
			.isEqualTo("new load: the last run was abandoned");
	}

	@Test
	void aMissingFileIsBadInput() {
		Outlook outlook = outlook(BatchStatus.FAILED, "f", Optional.empty(), Optional.empty(), false, false);
		assertThat(outlook.label()).isEqualTo("refuse (exit 2): file missing");
		assertThat(outlook.message()).isEqualTo("data/people.csv: no such file (or not readable); check the path");
	}

	private static Outlook outlook(BatchStatus status, String lastFingerprint, Optional<String> now, Optional<String> lock,
			boolean reload, boolean startOver) {
		return LoadStatus.outlook(new LastRun(7, status, lastFingerprint, END, TargetMode.APPEND, 0), now, lock, reload, startOver, "people",
				"data/people.csv");
	}

}
