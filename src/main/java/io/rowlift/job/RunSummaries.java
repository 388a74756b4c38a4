package io.rowlift.job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.RowliftException;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.WritePath;
import io.rowlift.database.WritePaths;
import io.rowlift.source.DamagedArchiveException;
import io.rowlift.model.BadRecordException;
import io.rowlift.report.LoadSummary;
import io.rowlift.schema.IndexDropTasklet;
import io.rowlift.schema.IndexRebuildTasklet;

/** Builds a {@link LoadSummary} from a finished execution and the job repository. */
public final class RunSummaries {

	private RunSummaries() {
	}

	/**
	 * The summary of {@code run}; its values and their reasons come from the run's plan, how its writes are named
	 * from {@code dialect} ({@link #writePath}).
	 */
	public static LoadSummary of(LoadLauncher.LoadRun run, JobRepository repository, TargetDialect dialect) {
		JobExecution execution = run.execution();
		JobInstance instance = execution.getJobInstance();
		RunPlan plan = run.plan();
		int partitions = plan.partitions();
		LoadProgress load = LoadProgress.of(repository, instance, partitions);
		long rowsThisRun = LoadProgress.writtenIn(execution);
		PipelineChoice pipeline = plan.pipeline();
		boolean spring = pipeline.pipeline() == Pipeline.SPRING; // it writes with INSERT batches, whatever the write method
		WritePath path = writePath(plan, dialect);
		int rebuilt = 0;
		List<LoadSummary.StepRow> steps = new ArrayList<>();
		List<StepExecution> executions = new ArrayList<>(execution.getStepExecutions());
		executions.sort(Comparator.comparing(StepExecution::getId));
		for (StepExecution step : executions) {
			if (step.getStepName().equals(LoadJobNames.INDEX_REBUILD)) {
				rebuilt = step.getExecutionContext().getInt(IndexRebuildTasklet.REBUILT, 0);
			}
			steps.add(new LoadSummary.StepRow(step.getStepName(), step.getStatus().toString(), step.getReadCount(),
					step.getWriteCount(), StepTimes.elapsed(step)));
		}
		// rows written, then rejected as duplicates of a unique index before it was rebuilt
		StepExecution rebuild = repository.getLastStepExecution(instance, LoadJobNames.INDEX_REBUILD);
		long duplicates = rebuild == null ? 0 : rebuild.getExecutionContext().getLong(IndexRebuildTasklet.DUPLICATES, 0L);
		StepExecution drop = repository.getLastStepExecution(instance, LoadJobNames.INDEX_DROP);
		int dropped = drop == null ? 0 : drop.getExecutionContext().getInt(IndexDropTasklet.DROPPED, 0);
		return new LoadSummary(instance.getInstanceId(), execution.getStatus().toString(), run.resumed(),
				plan.displayName(), plan.table(), dialect.id(), load.read(), load.written() - duplicates,
				load.rejected() + duplicates, rowsThisRun, RunTimes.elapsed(execution), partitions,
				plan.sizing().partitionsReason()
						+ emptyPartitions(load.empty(plan.input()), partitions, load.read(), execution.getStatus() == BatchStatus.COMPLETED),
				threads(plan.threads(), executions),
				plan.chunkSize(), spring ? WriteMethod.INSERT.name() : plan.writeMethod().name(), path.summary(),
				(spring ? "JdbcBatchItemWriter, the spring pipeline's writer" : plan.write().reason())
						+ streams(plan.order(), partitions) + chunks(plan.sizing().chunkSizeReason()),
				plan.order().name(), plan.keyOrder().reason(),
				dropped, rebuilt, steps, failure(execution), null, pipeline.pipeline().name(), pipeline.reason(), load.filtered(),
				plan.mode().setting(), load.updated(), load.ignored(), load.blankLines(), plan.input().readingNote(), null);
	}

	/**
	 * What this run's chunks were written with: the spring pipeline's {@code JdbcBatchItemWriter} writes INSERT
	 * batches whatever the write method; the fast pipeline writes as {@code dialect} describes the run's method
	 * (a method of an earlier Rowlift it no longer offers reads as INSERT batches, {@link WritePaths#path}'s default).
	 */
	static WritePath writePath(RunPlan plan, TargetDialect dialect) {
		return plan.pipeline().pipeline() == Pipeline.SPRING ? WritePath.INSERT_BATCHES : dialect.writing().path(plan.writeMethod());
	}

	/**
	 * Partitions loaded at once: {@code planned} (the run's {@code rowlift.job.threads}) when this process loaded
	 * them; when a cluster's workers did (their partitions name a worker), the most of them that ran at the same
	 * time by their own start and end times, since the manager's threads load nothing then and each worker runs
	 * its own number.
	 */
	static int threads(int planned, List<StepExecution> executions) {
		List<long[]> events = new ArrayList<>(); // {time in ms, +1 at a start or -1 at an end}
		for (StepExecution step : executions) {
			if (step.getStepName().startsWith(LoadJobNames.WORKER + ":") && step.getExecutionContext().containsKey(LoadJobNames.WORKER_IDENTITY)
					&& StepTimes.start(step) != null) {
				java.time.LocalDateTime end = StepTimes.end(step);
				events.add(new long[] { millis(StepTimes.start(step)), 1 });
				events.add(new long[] { end == null ? Long.MAX_VALUE : millis(end), -1 });
			}
		}
		if (events.isEmpty()) {
			return planned;
		}
		events.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1])); // an end before a start at one instant
		int running = 0;
		int most = 1;
		for (long[] event : events) {
			running += (int) event[1];
			most = Math.max(most, running);
		}
		return most;
	}

	private static long millis(java.time.LocalDateTime time) {
		return time.atZone(java.time.ZoneId.systemDefault()).toInstant().toEpochMilli();
	}

	/**
	 * Why some partitions got no records, in the file's terms: {@code ""} when none is empty. The cuts
	 * split the file's bytes evenly and each partition starts at the first record after its cut, so a
	 * partition is empty when no record starts in its share: the file has no records (a header only),
	 * fewer records than partitions, or records longer than a share.
	 * @param empty partitions that got no records
	 * @param partitions the partition count
	 * @param records records read (in all runs)
	 * @param complete whether the load read the whole file (else {@code records} is part of it)
	 */
	static String emptyPartitions(int empty, int partitions, long records, boolean complete) {
		if (empty <= 0) {
			return "";
		}
		String what = "; " + empty + " of them got no records: ";
		if (complete && records == 0) {
			return what + "the file holds no records, only a header or nothing";
		}
		if (complete && records < partitions) {
			return what + String.format(Locale.ROOT, "the file holds %,d record%s, fewer than %d partitions", records,
					records == 1 ? "" : "s", partitions);
		}
		return what + "a partition takes the records that start in its share of the file's bytes, and some records are"
				+ " longer than a share; fewer partitions (rowlift.job.partitions) avoid it";
	}

	/** Why the chunk size, when it is not the plain default. */
	/** The sorted streams, when a sorted load has more than one: each writes its key range on a connection of its own. */
	static String streams(io.rowlift.sort.KeyOrder order, int partitions) {
		return order != io.rowlift.sort.KeyOrder.SORT || partitions < 2 ? ""
				: "; " + partitions + " streams at once, each a key range of the sorted file in key order on a connection of its own";
	}

	private static String chunks(String reason) {
		return reason == null || reason.equals("default") ? "" : "; chunk size " + reason;
	}

	/** The message of the most telling failure: a data or Rowlift problem first, else the root cause. */
	static String failure(JobExecution execution) {
		List<Throwable> failures = execution.getAllFailureExceptions();
		for (Throwable failure : failures) {
			for (Throwable t = failure; t != null; t = t.getCause()) {
				if (t instanceof BadRecordException || t instanceof RowliftException || t instanceof DamagedArchiveException) {
					return t.getMessage();
				}
			}
		}
		String fallback = null;
		for (Throwable failure : failures) {
			Throwable root = failure;
			while (root.getCause() != null) {
				root = root.getCause();
			}
			String message = root.getClass().getSimpleName() + ": " + root.getMessage();
			if (!(root instanceof JobExecutionException)) {
				return message; // a worker's own failure says more than the manager's "unsuccessful step"
			}
			fallback = fallback == null ? message : fallback;
		}
		return fallback;
	}

}
