package io.rowlift.job;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.RowliftException;
import io.rowlift.model.BadRecordException;
import io.rowlift.report.LoadSummary;
import io.rowlift.schema.IndexDropTasklet;
import io.rowlift.schema.IndexRebuildTasklet;
import io.rowlift.source.ByteRangePartitioner;
import io.rowlift.source.ByteRangeReader;
import io.rowlift.database.JdbcRowWriter;

/** Builds a {@link LoadSummary} from a finished execution and the job repository. */
public final class RunSummaries {

	private RunSummaries() {
	}

	public static LoadSummary of(LoadLauncher.LoadRun run, JobRepository repository, String database) {
		JobExecution execution = run.execution();
		JobInstance instance = execution.getJobInstance();
		var parameters = execution.getJobParameters();
		int partitions = parameters.getLong(LoadJobNames.PARTITIONS).intValue();
		long read = 0;
		long rowsTotal = 0;
		long rejected = 0;
		long filtered = 0;
		int empty = 0;
		for (int i = 0; i < partitions; i++) {
			StepExecution last = repository.getLastStepExecution(instance,
					LoadJobNames.WORKER + ":" + ByteRangePartitioner.PARTITION + i);
			if (last != null) {
				if (io.rowlift.source.ByteRange.readFrom(last.getExecutionContext()).length() == 0) {
					empty++;
				}
				read += last.getExecutionContext().getLong(ByteRangeReader.COUNT, 0L);
				rowsTotal += last.getExecutionContext().getLong(JdbcRowWriter.WRITTEN, 0L);
				rejected += last.getExecutionContext().getLong(JdbcRowWriter.REJECTED, 0L);
				filtered += last.getExecutionContext().getLong(io.rowlift.job.spring.SpringWorker.FILTERED, 0L);
			}
		}
		PipelineChoice pipeline = PipelineChoice.of(parameters);
		boolean spring = pipeline.pipeline() == Pipeline.SPRING; // it writes with INSERT batches, whatever the write method
		long rowsThisRun = 0;
		int rebuilt = 0;
		List<LoadSummary.StepRow> steps = new ArrayList<>();
		List<StepExecution> executions = new ArrayList<>(execution.getStepExecutions());
		executions.sort(Comparator.comparing(StepExecution::getId));
		for (StepExecution step : executions) {
			if (step.getStepName().startsWith(LoadJobNames.WORKER + ":")) {
				rowsThisRun += step.getExecutionContext().getLong(JdbcRowWriter.WRITTEN, 0L)
						- step.getExecutionContext().getLong(JdbcRowWriter.WRITTEN_AT_OPEN, 0L);
			}
			if (step.getStepName().equals(LoadJobNames.INDEX_REBUILD)) {
				rebuilt = step.getExecutionContext().getInt(IndexRebuildTasklet.REBUILT, 0);
			}
			steps.add(new LoadSummary.StepRow(step.getStepName(), step.getStatus().toString(), step.getReadCount(),
					step.getWriteCount(), between(step.getStartTime(), step.getEndTime())));
		}
		StepExecution drop = repository.getLastStepExecution(instance, LoadJobNames.INDEX_DROP);
		int dropped = drop == null ? 0 : drop.getExecutionContext().getInt(IndexDropTasklet.DROPPED, 0);
		return new LoadSummary(instance.getInstanceId(), execution.getStatus().toString(), run.resumed(),
				parameters.getString(LoadJobNames.DISPLAY), parameters.getString(LoadJobNames.TABLE), database, read, rowsTotal,
				rejected, rowsThisRun, between(execution.getStartTime(), execution.getEndTime()), partitions,
				parameters.getString(LoadJobNames.PARTITIONS + "-reason")
						+ (empty > 0 ? "; " + empty + " empty: records are longer than the spacing of the cuts" : ""), parameters.getLong(LoadJobNames.THREADS).intValue(),
				parameters.getLong(LoadJobNames.CHUNK_SIZE).intValue(),
				spring ? "INSERT" : Objects.requireNonNullElse(parameters.getString(LoadJobNames.WRITE_METHOD), "INSERT"),
				(spring ? "JdbcBatchItemWriter, the spring pipeline's writer"
						: Objects.requireNonNullElse(parameters.getString(LoadJobNames.WRITE_METHOD + "-reason"), "the only method then"))
						+ chunks(parameters.getString(LoadJobNames.CHUNK_SIZE + "-reason")),
				Objects.requireNonNullElse(parameters.getString(LoadJobNames.KEY_ORDER), "FILE"),
				Objects.requireNonNullElse(parameters.getString(LoadJobNames.KEY_ORDER + "-reason"), "the only order then"),
				dropped, rebuilt, steps, failure(execution), null, pipeline.pipeline().name(), pipeline.reason(), filtered);
	}

	/** Why the chunk size, when it is not the plain default. */
	private static String chunks(String reason) {
		return reason == null || reason.equals("default") ? "" : "; chunk size " + reason;
	}

	private static Duration between(LocalDateTime start, LocalDateTime end) {
		if (start == null) {
			return Duration.ZERO;
		}
		return Duration.between(start, end == null ? LocalDateTime.now() : end);
	}

	/** The message of the most telling failure: a data or Rowlift problem first, else the root cause. */
	static String failure(JobExecution execution) {
		List<Throwable> failures = execution.getAllFailureExceptions();
		for (Throwable failure : failures) {
			for (Throwable t = failure; t != null; t = t.getCause()) {
				if (t instanceof BadRecordException || t instanceof RowliftException) {
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
