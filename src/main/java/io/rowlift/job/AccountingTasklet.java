package io.rowlift.job;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.RowliftException;
import io.rowlift.TestHooks;
import io.rowlift.source.ByteRange;
import io.rowlift.source.ByteRangePartitioner;
import io.rowlift.source.ByteRangeReader;
import io.rowlift.database.JdbcRowWriter;
import io.rowlift.database.RejectTable;
import io.rowlift.job.spring.SpringWorker;

/**
 * The last step of every run that reaches the end: checks, from what each partition committed over
 * all runs of the load, that the ranges cover the data from the first record to the end of the file
 * exactly once, that every partition read its whole range, that records read = rows written +
 * records rejected (+ records filtered by a user's processor, spring pipeline) in each partition and in total, and that the staged rejects are as many as the
 * partitions counted. A mismatch fails the run loudly. The totals go into the job's context for the
 * summary ({@value #READ}, {@value #WRITTEN}, {@value #REJECTED}). Runs again on a resume.
 * Thread-safe.
 */
public final class AccountingTasklet implements Tasklet {

	/** Job context key: records read by all runs of the load. */
	public static final String READ = "accounting.read";

	/** Job context key: rows written by all runs of the load. */
	public static final String WRITTEN = "accounting.written";

	/** Job context key: records rejected by all runs of the load. */
	public static final String REJECTED = "accounting.rejected";

	/** Job context key: records filtered out (a user's processor returned null) by all runs of the load. */
	public static final String FILTERED = "accounting.filtered";

	private final JobRepository repository;

	private final JdbcTemplate jdbc;

	public AccountingTasklet(JobRepository repository, JdbcTemplate jdbc) {
		this.repository = repository;
		this.jdbc = jdbc;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws Exception {
		TestHooks.pause("accounting");
		JobExecution job = chunkContext.getStepContext().getStepExecution().getJobExecution();
		JobInstance instance = job.getJobInstance();
		int partitions = job.getJobParameters().getLong(LoadJobNames.PARTITIONS).intValue();
		long size = Files.size(Path.of(job.getJobParameters().getString(LoadJobNames.PATH)));
		List<String> problems = new ArrayList<>();
		long read = 0;
		long written = 0;
		long rejected = 0;
		long filtered = 0;
		long expectedStart = -1;
		for (int i = 0; i < partitions; i++) {
			String name = ByteRangePartitioner.PARTITION + i;
			StepExecution last = this.repository.getLastStepExecution(instance, LoadJobNames.WORKER + ":" + name);
			if (last == null) {
				problems.add(name + " never ran");
				continue;
			}
			ExecutionContext context = last.getExecutionContext();
			ByteRange range = ByteRange.readFrom(context);
			long offset = context.getLong(ByteRangeReader.OFFSET, range.start());
			long count = context.getLong(ByteRangeReader.COUNT, 0L);
			long rows = context.getLong(JdbcRowWriter.WRITTEN, 0L);
			long bad = context.getLong(JdbcRowWriter.REJECTED, 0L);
			long dropped = context.getLong(SpringWorker.FILTERED, 0L); // only the spring pipeline filters
			if (expectedStart >= 0 && range.start() != expectedStart) {
				problems.add(name + " starts at byte " + range.start() + " but the previous range ends at " + expectedStart);
			}
			if (offset != range.end()) {
				problems.add(name + " read up to byte " + offset + " of its range [" + range.start() + ", " + range.end() + ")");
			}
			if (count != rows + bad + dropped) {
				problems.add(name + " read " + count + " records but wrote " + rows + " rows and rejected " + bad
						+ (dropped > 0 ? " and filtered " + dropped : ""));
			}
			expectedStart = range.end();
			read += count;
			written += rows;
			rejected += bad;
			filtered += dropped;
		}
		if (expectedStart != size) {
			problems.add("the ranges end at byte " + expectedStart + " but the file has " + size + " bytes");
		}
		Long staged = this.jdbc.queryForObject("SELECT COUNT(*) FROM " + RejectTable.NAME + " WHERE RUN_ID = ?", Long.class,
				instance.getInstanceId());
		if (staged == null || staged != rejected) {
			problems.add("the partitions rejected " + rejected + " records but " + RejectTable.NAME + " holds " + staged);
		}
		if (!problems.isEmpty()) {
			throw new RowliftException(1, "accounting mismatch in run " + instance.getInstanceId() + ": "
					+ String.join("; ", problems) + ". The counts of this load do not add up, so Rowlift does not call it "
					+ "complete; please report this with the log");
		}
		job.getExecutionContext().putLong(READ, read);
		job.getExecutionContext().putLong(WRITTEN, written);
		job.getExecutionContext().putLong(REJECTED, rejected);
		job.getExecutionContext().putLong(FILTERED, filtered);
		return RepeatStatus.FINISHED;
	}

}
