package io.rowlift.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.RowliftException;
import io.rowlift.database.RejectTable;
import io.rowlift.model.Checkpoints;
import io.rowlift.source.FileChange;
import io.rowlift.source.InputSource;

/**
 * The last step of every run that reaches the end: checks, from what each partition committed over
 * all runs of the load ({@link LoadProgress}), that every partition read its whole unit (a sorted stream:
 * handed out all its records), that the input's format finds the units covering the data exactly once
 * (byte ranges: from the first record to the end of the file), that records read = rows written + records rejected (+ filtered) in
 * each partition and in total, and that the staged rejects are as many as the partitions counted. A
 * mismatch fails the run loudly; a file that changed since the run started ({@link InputSource#changeSince}: {@link FileChange} for a file) fails it
 * first, saying so. The totals go into the job's context for the summary
 * ({@value #READ}, {@value #WRITTEN}, {@value #REJECTED}). Runs again on a resume.
 * Announces the checkpoint {@value #CHECKPOINT} before it checks anything. Thread-safe.
 */
public final class AccountingTasklet implements Tasklet {

	/** Job context key: records read by all runs of the load. */
	public static final String READ = "accounting.read";

	/** Job context key: rows written by all runs of the load. */
	public static final String WRITTEN = "accounting.written";

	/** Job context key: records rejected by all runs of the load. */
	public static final String REJECTED = "accounting.rejected";

	/** The checkpoint announced as the step starts. */
	public static final String CHECKPOINT = "accounting";

	/** Job context key: records filtered out (the row filter, or a user's processor that returned null) by all runs of the load. */
	public static final String FILTERED = "accounting.filtered";

	/** Job context key: blank lines skipped, no records, by all runs of the load. */
	public static final String BLANK_LINES = "accounting.blank-lines";

	private final JobRepository repository;

	private final JdbcTemplate jdbc;

	private final Function<JobExecution, RunPlan> plan;

	private final Checkpoints checkpoints;

	/**
	 * @param plan the plan stored with the run of a job execution of the load ({@link RunPlan#of}): its file,
	 *        fingerprint and partitions, and its input as the load step read it
	 */
	public AccountingTasklet(JobRepository repository, JdbcTemplate jdbc, Function<JobExecution, RunPlan> plan,
			Checkpoints checkpoints) {
		this.repository = repository;
		this.jdbc = jdbc;
		this.plan = plan;
		this.checkpoints = checkpoints;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws Exception {
		this.checkpoints.reached(CHECKPOINT);
		JobExecution job = chunkContext.getStepContext().getStepExecution().getJobExecution();
		JobInstance instance = job.getJobInstance();
		RunPlan plan = this.plan.apply(job);
		int partitions = plan.partitions();
		InputSource input = plan.input();
		Optional<String> changed = input.changeSince(plan.file(), plan.fingerprint());
		if (changed.isPresent()) {
			// the ranges were planned from the size at the start: the counts cannot add up, and that is no bug
			throw new RowliftException(1, changed.get());
		}
		LoadProgress load = LoadProgress.of(this.repository, instance, partitions);
		List<String> problems = new ArrayList<>(load.problems(input));
		RejectTable rejects = new RejectTable(instance.getInstanceId());
		long staged = rejects.count(this.jdbc);
		// rows written, then rejected for repeating a key of a unique index (UniqueDuplicates): in the table no more
		long duplicates = rejects.countDuplicates(this.jdbc);
		if (staged != load.rejected() + duplicates) {
			problems.add("the partitions rejected " + load.rejected() + " records" + (duplicates > 0 ? " and the index rebuild "
					+ duplicates + " duplicates" : "") + " but " + RejectTable.NAME + " holds " + staged);
		}
		if (!problems.isEmpty()) {
			throw new RowliftException(1, "accounting mismatch in run " + instance.getInstanceId() + ": "
					+ String.join("; ", problems) + ". The counts of this load do not add up, so Rowlift does not call it "
					+ "complete; please report this with the log");
		}
		job.getExecutionContext().putLong(READ, load.read());
		job.getExecutionContext().putLong(WRITTEN, load.written() - duplicates);
		job.getExecutionContext().putLong(REJECTED, load.rejected() + duplicates);
		job.getExecutionContext().putLong(FILTERED, load.filtered());
		job.getExecutionContext().putLong(BLANK_LINES, load.blankLines());
		return RepeatStatus.FINISHED;
	}

}
