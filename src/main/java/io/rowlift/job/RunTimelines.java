package io.rowlift.job;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.database.LoadMode;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.InputSource;
import io.rowlift.progress.PhaseTracker;
import io.rowlift.report.RunTimeline;
import io.rowlift.schema.IndexRebuildTasklet;
import io.rowlift.sort.ExternalSort;

/**
 * Builds the {@link RunTimeline} of a finished run: the phases from the job's step executions of
 * this run (in the order they ran), the sort from the {@link PhaseTracker}, the partitions' counts of
 * this run from what they had committed when they opened ({@link LoadMonitor}), and the throughput
 * samples.
 *
 * <p>Phases: {@code prepare} (the command's start to the job's: run lock, migrations, checks, plan),
 * {@code index-drop}, {@code sort} (key order SORT: the external sort, which runs inside the load step
 * before the merge), {@code load} (the partitions; with key order SORT, the merge of the sorted runs
 * into the table, from the end of the sort), {@code index-rebuild} (with the statistics the dialect
 * refreshes: SQLite's {@code ANALYZE}, MySQL's {@code ANALYZE TABLE}), {@code accounting}. A step a
 * resumed run skips (it completed before) is not listed.
 */
public final class RunTimelines {

	/** The load phase's name. */
	static final String LOAD = RunTimeline.LOAD;

	private RunTimelines() {
	}

	/**
	 * Whether the report shows a step: the mode steps only in the modes that use them (in the others they
	 * run and do nothing).
	 */
	static boolean shown(String step, LoadMode mode) {
		return switch (step) {
			case LoadJobNames.PREPARE -> mode == LoadMode.TRUNCATE || mode == LoadMode.REPLACE;
			case LoadJobNames.SWAP -> mode == LoadMode.REPLACE;
			default -> true;
		};
	}

	/** The timeline of {@code run}, ended now. */
	public static RunTimeline of(LoadLauncher.LoadRun run, LoadMonitor monitor) {
		JobExecution execution = run.execution();
		Instant jobStart = instant(execution.getStartTime());
		Instant started = monitor.runStartedAt() != null ? monitor.runStartedAt() : jobStart;
		Instant now = Instant.now();
		List<RunTimeline.Phase> phases = new ArrayList<>();
		if (started != null && jobStart != null) {
			phases.add(new RunTimeline.Phase("prepare", started, Duration.between(started, jobStart), "COMPLETED", 0, 0, 0, 0,
					null, List.of()));
		}
		PhaseTracker.Phase sort = null;
		for (PhaseTracker.Phase phase : monitor.trackedPhases()) {
			if (phase.name().equals(ExternalSort.PHASE)) {
				sort = phase;
			}
		}
		Map<String, RunningPartitions.Opened> opened = new HashMap<>();
		for (RunningPartitions.Opened partition : monitor.opened()) {
			opened.put(partition.step().getStepName(), partition);
		}
		List<StepExecution> steps = new ArrayList<>(execution.getStepExecutions());
		steps.sort(Comparator.comparing(StepExecution::getId));
		for (StepExecution step : steps) {
			String name = step.getStepName();
			if (name.startsWith(LoadJobNames.WORKER + ":") || !shown(name, run.plan().mode())) {
				continue;
			}
			Instant start = StepTimes.start(step) == null ? now : instant(StepTimes.start(step));
			Duration elapsed = StepTimes.elapsed(step);
			String status = step.getStatus().toString();
			switch (name) {
				case LoadJobNames.LOAD -> {
					String detail = null;
					if (sort != null) {
						phases.add(new RunTimeline.Phase(ExternalSort.PHASE, sort.startedAt(), sort.elapsed(), sort.status(), 0, 0, 0,
								sort.done(), "external sort by key into sorted runs", List.of()));
						Instant sortEnd = sort.startedAt().plus(sort.elapsed());
						if (start != null && sortEnd.isAfter(start)) {
							elapsed = elapsed.minus(Duration.between(start, sortEnd));
							start = sortEnd;
						}
						detail = "merge of the sorted runs";
					}
					phases.add(load(start, elapsed, status, detail, steps, opened, sort, run.plan().input()));
				}
				case LoadJobNames.INDEX_REBUILD -> {
					int rebuilt = step.getExecutionContext().getInt(IndexRebuildTasklet.REBUILT, 0);
					phases.add(new RunTimeline.Phase(LoadMonitor.phaseOf(name), start, elapsed, status, 0, 0, 0, 0,
							String.format(Locale.ROOT, "%d index%s built, statistics refreshed", rebuilt, rebuilt == 1 ? "" : "es"),
							List.of()));
				}
				default -> phases.add(new RunTimeline.Phase(LoadMonitor.phaseOf(name), start, elapsed, status, 0, 0, 0, 0, null,
						List.of()));
			}
		}
		return new RunTimeline(started == null ? now : started, now, phases, monitor.samples(), monitor.samplerCpu());
	}

	private static RunTimeline.Phase load(Instant start, Duration elapsed, String status, String detail,
			List<StepExecution> steps, Map<String, RunningPartitions.Opened> opened, PhaseTracker.Phase sort, InputSource input) {
		List<RunTimeline.Partition> partitions = new ArrayList<>();
		long read = 0;
		long written = 0;
		long rejected = 0;
		long bytes = 0;
		Instant sortEnd = sort == null ? null : sort.startedAt().plus(sort.elapsed());
		List<StepExecution> workers = new ArrayList<>();
		for (StepExecution step : steps) {
			if (step.getStepName().startsWith(LoadJobNames.WORKER + ":")) {
				workers.add(step);
			}
		}
		workers.sort(Comparator.comparing((StepExecution s) -> s.getStepName().length()).thenComparing(StepExecution::getStepName));
		for (StepExecution step : workers) {
			RunningPartitions.Opened partition = opened.get(step.getStepName());
			LoadMonitor.ThisRun done = partition != null ? LoadMonitor.ThisRun.of(partition, input)
					: new LoadMonitor.ThisRun(step.getReadCount(),
							PartitionProgress.readFrom(step.getExecutionContext()).writtenThisRun(), 0, 0, 0);
			Instant partitionStart = instant(StepTimes.start(step));
			Duration partitionElapsed = StepTimes.elapsed(step);
			if (sortEnd != null && partitionStart != null && sortEnd.isAfter(partitionStart)) {
				partitionElapsed = partitionElapsed.minus(Duration.between(partitionStart, sortEnd));
				partitionStart = sortEnd;
			}
			partitions.add(new RunTimeline.Partition(LoadProgress.partitionOf(step.getStepName()), step.getStatus().toString(),
					partitionStart == null ? Instant.now() : partitionStart,
					partitionElapsed.isNegative() ? Duration.ZERO : partitionElapsed, done.read(), done.written(), done.rejected(),
					done.bytes(), step.getExecutionContext().containsKey(LoadJobNames.WORKER_IDENTITY)
							? step.getExecutionContext().getString(LoadJobNames.WORKER_IDENTITY) : null,
					WorkerShares.of(step).stream().map(share -> new RunTimeline.Credit(share.worker(), share.rows())).toList()));
			read += done.read();
			written += done.written();
			rejected += done.rejected();
			bytes += done.bytes();
		}
		return new RunTimeline.Phase(LOAD, start == null ? Instant.now() : start, elapsed.isNegative() ? Duration.ZERO : elapsed,
				status, read, written, rejected, bytes, detail, partitions);
	}

	/** A step's wall time in seconds, up to now while it runs. */
	static double seconds(StepExecution step) {
		return StepTimes.elapsed(step).toNanos() / 1e9;
	}

	private static Instant instant(LocalDateTime time) {
		return time == null ? null : time.atZone(ZoneId.systemDefault()).toInstant();
	}

}
