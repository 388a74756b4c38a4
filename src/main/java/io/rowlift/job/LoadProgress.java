package io.rowlift.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitProgress;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The one fold over the partitions of a load: each partition's unit of work and committed
 * {@link PartitionProgress} (from its last step execution, over all runs of the load), summed into
 * the load's totals and checked for coverage. The accounting step and the summary both read a load
 * through it, so they cannot disagree. Immutable; thread-safe.
 */
public final class LoadProgress {

	/**
	 * One partition as its last execution committed it.
	 * @param name the partition's name ({@code partition0}, ...)
	 * @param unit its step context (its unit of work and saved position, its input format's own), or null when it never ran
	 * @param progress its progress, or null when it never ran
	 */
	public record Partition(String name, ExecutionContext unit, PartitionProgress progress) {

		/** Reads a partition from its last step execution (null: it never ran). */
		static Partition of(String name, StepExecution last) {
			if (last == null) {
				return new Partition(name, null, null);
			}
			return new Partition(name, last.getExecutionContext(), PartitionProgress.readFrom(last.getExecutionContext()));
		}

	}

	private final List<Partition> partitions;

	private final long read;

	private final long written;

	private final long rejected;

	private final long filtered;

	private final long updated;

	private final long ignored;

	private final long blankLines;

	public LoadProgress(List<Partition> partitions) {
		this.partitions = List.copyOf(partitions);
		long read = 0;
		long written = 0;
		long rejected = 0;
		long filtered = 0;
		long updated = 0;
		long ignored = 0;
		long blankLines = 0;
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
			blankLines += partition.progress().blankLines();
		}
		this.read = read;
		this.written = written;
		this.rejected = rejected;
		this.filtered = filtered;
		this.updated = updated;
		this.ignored = ignored;
		this.blankLines = blankLines;
	}

	/** The partitions of {@code instance}'s load step, {@code partitions} of them, from the repository. */
	public static LoadProgress of(JobRepository repository, JobInstance instance, int partitions) {
		List<Partition> found = new ArrayList<>(partitions);
		for (int i = 0; i < partitions; i++) {
			String name = InputSource.PARTITION + i;
			found.add(Partition.of(name, repository.getLastStepExecution(instance, stepName(name))));
		}
		return new LoadProgress(found);
	}

	/** The worker step's name for a partition ({@code loadWorker:partition2}). */
	static String stepName(String partition) {
		return LoadJobNames.WORKER + ":" + partition;
	}

	/** The partition a worker step execution is for ({@code partition2} of {@code loadWorker:partition2}). */
	public static String partitionOf(String stepName) {
		return stepName.substring(LoadJobNames.WORKER.length() + 1);
	}

	/** Rows the partitions of one execution put in the table in that execution: inserted, or (mode upsert) updated. */
	public static long writtenIn(JobExecution execution) {
		long rows = 0;
		for (StepExecution step : execution.getStepExecutions()) {
			if (step.getStepName().startsWith(LoadJobNames.WORKER + ":")) {
				rows += PartitionProgress.landedThisRun(step.getExecutionContext());
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

	/** Blank lines skipped, no records (so not in {@link #read()}), by all partitions over all runs. */
	public long blankLines() {
		return this.blankLines;
	}

	/** Rows that updated a row already in the table (mode upsert). */
	public long updated() {
		return this.updated;
	}

	/** Records skipped because their key was already in the table (mode ignore). */
	public long ignored() {
		return this.ignored;
	}

	/** Partitions that ran and whose unit of {@code input} holds nothing. */
	public int empty(InputSource input) {
		int empty = 0;
		for (Partition partition : this.partitions) {
			if (partition.unit() != null && input.progress(partition.unit()).total() == 0) {
				empty++;
			}
		}
		return empty;
	}

	/**
	 * What does not add up: each partition must have read its whole unit (a sorted stream: handed out
	 * all its records) and read = written + updated + ignored + rejected + filtered; then the input's
	 * format proves that the units cover the data exactly once ({@link InputSource#coverage}: byte ranges
	 * from the first record to the end of the file).
	 * @return the problems, in partition order, the coverage's last; empty when all is well
	 */
	public List<String> problems(InputSource input) {
		List<String> problems = new ArrayList<>();
		Map<String, ExecutionContext> ran = new LinkedHashMap<>();
		for (Partition partition : this.partitions) {
			String name = partition.name();
			if (partition.progress() == null) {
				problems.add(name + " never ran");
				continue;
			}
			PartitionProgress progress = partition.progress();
			ran.put(name, partition.unit());
			if (progress.sorted() && progress.sortedTotal() >= 0) {
				if (progress.sortedPosition() != progress.sortedTotal()) {
					problems.add(name + " handed out " + progress.sortedPosition() + " of the " + progress.sortedTotal()
							+ " records of its sorted stream");
				}
			}
			else { // a sorted stream of an earlier version saved its unit's end as a reader's position
				UnitProgress unit = input.progress(partition.unit());
				if (!unit.ended()) {
					problems.add(name + " " + unit.shortfall());
				}
			}
			if (progress.read() != progress.accounted()) {
				problems.add(name + " read " + progress.read() + " records but wrote " + progress.written() + " rows"
						+ (progress.updated() != 0 ? ", updated " + progress.updated() : "")
						+ (progress.ignored() != 0 ? ", ignored " + progress.ignored() : "") + " and rejected "
						+ progress.rejected() + (progress.filtered() != 0 ? " and filtered " + progress.filtered() : ""));
			}
		}
		problems.addAll(input.coverage(ran));
		return problems;
	}

}
