package io.rowlift.job;

import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.ByteRange;
import io.rowlift.source.ByteRangePartitioner;

/**
 * The one fold over the partitions of a load: each partition's range and committed
 * {@link PartitionProgress} (from its last step execution, over all runs of the load), summed into
 * the load's totals and checked for coverage. The accounting step and the summary both read a load
 * through it, so they cannot disagree. Immutable; thread-safe.
 */
public final class LoadProgress {

	/**
	 * One partition as its last execution committed it.
	 * @param name the partition's name ({@code partition0}, ...)
	 * @param range its byte range, or null when it never ran
	 * @param progress its progress, or null when it never ran
	 */
	public record Partition(String name, ByteRange range, PartitionProgress progress) {

		/** Reads a partition from its last step execution (null: it never ran). */
		static Partition of(String name, StepExecution last) {
			if (last == null) {
				return new Partition(name, null, null);
			}
			ByteRange range = ByteRange.readFrom(last.getExecutionContext());
			return new Partition(name, range, PartitionProgress.readFrom(last.getExecutionContext(), range.start()));
		}

	}

	private final List<Partition> partitions;

	private final long read;

	private final long written;

	private final long rejected;

	private final long filtered;

	private final long updated;

	private final long ignored;

	private final int empty;

	public LoadProgress(List<Partition> partitions) {
		this.partitions = List.copyOf(partitions);
		long read = 0;
		long written = 0;
		long rejected = 0;
		long filtered = 0;
		long updated = 0;
		long ignored = 0;
		int empty = 0;
		for (Partition partition : this.partitions) {
			if (partition.progress() == null) {
				continue;
			}
			read += partition.progress().read();
			written += partition.progress().written();
			rejected += partition.progress().rejected();
			filtered += partition.progress().filtered();
			updated += partition.progress().updated();
			ignored += partition.progress().ignored();
			if (partition.range().length() == 0) {
				empty++;
			}
		}
		this.read = read;
		this.written = written;
		this.rejected = rejected;
		this.filtered = filtered;
		this.updated = updated;
		this.ignored = ignored;
		this.empty = empty;
	}

	/** The partitions of {@code instance}'s load step, {@code partitions} of them, from the repository. */
	public static LoadProgress of(JobRepository repository, JobInstance instance, int partitions) {
		List<Partition> found = new ArrayList<>(partitions);
		for (int i = 0; i < partitions; i++) {
			String name = ByteRangePartitioner.PARTITION + i;
			found.add(Partition.of(name, repository.getLastStepExecution(instance, stepName(name))));
		}
		return new LoadProgress(found);
	}

	/** The worker step's name for a partition ({@code loadWorker:partition2}). */
	static String stepName(String partition) {
		return LoadJobNames.WORKER + ":" + partition;
	}

	/** The partition a worker step execution is for ({@code partition2} of {@code loadWorker:partition2}). */
	static String partitionOf(String stepName) {
		return stepName.substring(LoadJobNames.WORKER.length() + 1);
	}

	/** Rows the partitions of one execution wrote in that execution. */
	public static long writtenIn(JobExecution execution) {
		long rows = 0;
		for (StepExecution step : execution.getStepExecutions()) {
			if (step.getStepName().startsWith(LoadJobNames.WORKER + ":")) {
				rows += PartitionProgress.readFrom(step.getExecutionContext(), 0).writtenThisRun();
			}
		}
		return rows;
	}

	public List<Partition> partitions() {
		return this.partitions;
	}

	/** Records read by all partitions over all runs. */
	public long read() {
		return this.read;
	}

	public long written() {
		return this.written;
	}

	public long rejected() {
		return this.rejected;
	}

	public long filtered() {
		return this.filtered;
	}

	/** Rows that updated a row already in the table (mode upsert). */
	public long updated() {
		return this.updated;
	}

	/** Records skipped because their key was already in the table (mode ignore). */
	public long ignored() {
		return this.ignored;
	}

	/** Partitions whose range holds no record. */
	public int empty() {
		return this.empty;
	}

	/**
	 * What does not add up: the ranges must cover the data from its first record to the end of the
	 * file exactly once, each partition must have read its whole range (a sorted stream: handed out
	 * all its records), and each must have read = written + updated + ignored + rejected + filtered.
	 * @param firstRecord byte offset of the file's first record (after the header)
	 * @param fileSize the file's size
	 * @return the problems, in partition order; empty when all is well
	 */
	public List<String> problems(long firstRecord, long fileSize) {
		List<String> problems = new ArrayList<>();
		long expectedStart = -1;
		for (Partition partition : this.partitions) {
			String name = partition.name();
			if (partition.progress() == null) {
				problems.add(name + " never ran");
				continue;
			}
			ByteRange range = partition.range();
			PartitionProgress progress = partition.progress();
			if (partition == this.partitions.get(0) && range.start() != firstRecord) {
				problems.add(name + " starts at byte " + range.start() + " but the first record (after the header) starts at byte "
						+ firstRecord);
			}
			if (expectedStart >= 0 && range.start() != expectedStart) {
				problems.add(name + " starts at byte " + range.start() + " but the previous range ends at " + expectedStart);
			}
			if (progress.sorted() && progress.sortedTotal() >= 0) {
				if (progress.sortedPosition() != progress.sortedTotal()) {
					problems.add(name + " handed out " + progress.sortedPosition() + " of the " + progress.sortedTotal()
							+ " records of its sorted stream");
				}
			}
			else if (progress.offset() != range.end()) { // a sorted stream of an earlier version saved its end here
				problems.add(name + " read up to byte " + progress.offset() + " of its range [" + range.start() + ", " + range.end()
						+ ")");
			}
			if (progress.read() != progress.accounted()) {
				problems.add(name + " read " + progress.read() + " records but wrote " + progress.written() + " rows"
						+ (progress.updated() != 0 ? ", updated " + progress.updated() : "")
						+ (progress.ignored() != 0 ? ", ignored " + progress.ignored() : "") + " and rejected "
						+ progress.rejected() + (progress.filtered() != 0 ? " and filtered " + progress.filtered() : ""));
			}
			expectedStart = range.end();
		}
		if (expectedStart != fileSize) {
			problems.add("the ranges end at byte " + expectedStart + " but the file has " + fileSize + " bytes");
		}
		return problems;
	}

}
