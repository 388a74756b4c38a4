package io.rowlift.job;

import java.util.Objects;

import javax.sql.DataSource;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.listener.StepListener;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.util.function.SingletonSupplier;

import io.rowlift.database.JdbcRowWriter;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.RejectTable;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.WriteMethod;
import io.rowlift.job.spring.SpringExtensions;
import io.rowlift.job.spring.SpringWorker;
import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.progress.PhaseTracker;
import io.rowlift.sort.ChunkKeyOrder;
import io.rowlift.sort.ExternalSort;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.sort.SortKey;
import io.rowlift.sort.SortedStreams;
import io.rowlift.source.InputSource;
import io.rowlift.source.ReadAheadReader;
import io.rowlift.source.UnitReader;

/**
 * Builds the partition step of a run ({@value LoadJobNames#WORKER}) from the run's plan, the execution's
 * settings ({@link RunSettings}: skip limit, read buffer, record limit) and the machine's tuning
 * ({@link PartitionTuning}: read-ahead, sort memory) alone, all given by the caller: the same step whether the
 * partitions run in this process (the load step of a local run, with the request's settings from the execution's
 * job parameters) or in a cluster worker, which reads the plan stored with the run ({@link RunPlanParameters#of})
 * and never plans again, and the manager's settings with its own tuning. No setting of a load comes from a bean of
 * the context, which one scheduled service shares between its files (issue #35). Rejects count against the run's budget ({@link RejectBudgets}: in memory, or shared by the workers).
 * Reader, writer, rejects and saved positions are the pipeline's ({@link Pipeline}): Rowlift's byte-range
 * (or sorted) reader and its JDBC writer, or Spring Batch's reader and writer.
 *
 * <p>Each call builds a new step; the step is shared by the partitions of one run and keeps each
 * partition's reader and writer per thread ({@link PartitionStreams}). Made with {@link #builder}; thread-safe.
 */
public final class PartitionSteps {

	/** Every partition records its own start and end ({@link StepTimes}: the repository may keep whole seconds). */
	private static final StepTimes STEP_TIMES = new StepTimes();

	private final Builder parts;

	private PartitionSteps(Builder parts) {
		this.parts = parts;
	}

	/** Where the partitions find their run's reject budget; its {@link RejectBudgets#release} is the job's to call. */
	public RejectBudgets budgets() {
		return this.parts.budgets;
	}

	/**
	 * The partition step of {@code planned}'s run.
	 * @param settings the skip limit, read buffer and record limit of the execution whose partitions it runs
	 *        ({@link RunSettings#of(JobParameters)}; a cluster worker's are the manager's)
	 * @param tuning the read-ahead and the sort's memory of the machine the partitions run on (the request's in a
	 *        local run, {@link PartitionTuning#of(JobParameters)}; a cluster worker's own)
	 * @param running where its partitions announce that they open and close (stop and progress)
	 */
	public Step worker(RunPlan planned, RunSettings settings, PartitionTuning tuning, RunningPartitions running) {
		Builder p = this.parts;
		LoadPlan plan = planned.load();
		long limit = settings.skipLimit();
		// upsert, ignore: the key as the table has it now (checked with exit 2 when the load started)
		KeyMatching matching = KeyMatching.resolve(p.dataSource, p.dialect, plan.mapping(), planned.target());
		if (planned.pipeline().pipeline() == Pipeline.SPRING) {
			return SpringWorker.build(LoadJobNames.WORKER, p.jobRepository, p.transactionManager, p.dataSource, p.dialect,
					plan.input(), planned.writeMapping(p.dialect), run -> planned.writeMapping(p.dialect, run), plan.values(), planned.chunkSize(),
					settings.readBuffer(), (execution, run) -> p.budgets.of(execution, run, limit), running::opened, running::closed,
					p.extensions.withStepListenerFirst(STEP_TIMES), matching,
					p.checkpoints);
		}
		return fastWorker(planned, settings, tuning, running, matching);
	}

	/** The fast path's worker: Rowlift's byte-range (or sorted) reader and its JDBC writer. */
	private Step fastWorker(RunPlan planned, RunSettings settings, PartitionTuning tuning, RunningPartitions running,
			KeyMatching matching) {
		Builder p = this.parts;
		LoadPlan plan = planned.load();
		int chunkSize = planned.chunkSize();
		int readAhead = tuning.readAhead();
		int buffer = settings.readBuffer();
		int maxRecord = settings.maxRecordSize();
		WriteMethod method = planned.writeMethod();
		KeyOrder order = planned.order();
		SortKey key = order == KeyOrder.FILE ? null : KeyOrderChoice.keyOf(plan.mapping(), p.dialect)
			.orElseThrow(() -> new IllegalStateException("key order " + order + " but " + plan.table() + " has no key the file fills"));
		// the average record length bounds each partition's read-ahead in bytes: sampled once per load, by
		// the first partition that opens (the file's first MiB, with the load's parser)
		InputSource input = plan.input();
		SingletonSupplier<Long> averageRecord = SingletonSupplier.of(() -> input.averageRecordBytes(buffer, maxRecord));
		// key order SORT: the file is sorted once, by the first partition to open, for all of them
		SortedStreams sorted = order != KeyOrder.SORT ? null : new SortedStreams(new ExternalSort(input, buffer, maxRecord, key,
				Runtime.getRuntime().availableProcessors(), tuning.sortMemory(), p.checkpoints, p.phases), planned.sortDir());
		PartitionStreams.Reader reader = new PartitionStreams.Reader(step -> {
			if (sorted != null) {
				ExecutionContext unit = step.getExecutionContext();
				return sorted.reader(SortedStreams.streamOf(unit), SortedStreams.streamsOf(unit));
			}
			UnitReader partition = input.reader(buffer, maxRecord);
			if (readAhead == 0) {
				return partition;
			}
			// bounded in bytes too: records parsed ahead are what every young collection copies (ReadAheadReader)
			return new ReadAheadReader(partition, ReadAheadReader.capacity(readAhead * chunkSize, averageRecord.obtain()));
		}, running);
		PartitionStreams.Writer writer = new PartitionStreams.Writer(step -> {
			long run = step.getJobExecution().getJobInstanceId();
			TableMapping mapping = planned.writeMapping(p.dialect, run); // a replace writes into its staging table
			// a sorted stream's records carry their lines counted from the data's first record: the whole input locates them
			JdbcRowWriter rows = new JdbcRowWriter(p.dataSource, p.dialect, mapping, plan.values(), method,
					input.locator(sorted != null ? input.whole() : step.getExecutionContext()), p.budgets.of(step.getJobExecutionId(), run, settings.skipLimit()),
					new RejectTable(run),
					matching, p.checkpoints);
			return order == KeyOrder.CHUNK ? new ChunkKeyOrder(key, rows) : rows;
		});
		var worker = new StepBuilder(LoadJobNames.WORKER, p.jobRepository).<RawRecord, RawRecord>chunk(chunkSize)
			.transactionManager(p.transactionManager)
			.reader(reader)
			.writer(writer);
		// the extension point: every StepListener bean (read, write, chunk, step listeners: the user's
		// from a jar on loader.path, the tests' fault injection) joins each partition's step; with none,
		// Spring Batch calls its empty composites as it always does
		worker.listener((StepExecutionListener) STEP_TIMES); // the cast picks the listener overload (StepTimes is no other kind)
		worker.listener((StepExecutionListener) writer); // its afterStep: ChunkCommitGuard's correction of the counts
		p.listeners.orderedStream().forEach(worker::listener);
		return worker.build();
	}

	/** A builder with nothing set; every part must be set before {@link Builder#build}. */
	public static Builder builder() {
		return new Builder();
	}

	/** Builds {@link PartitionSteps}. Not thread-safe. */
	public static final class Builder {

		private JobRepository jobRepository;

		private PlatformTransactionManager transactionManager;

		private DataSource dataSource;

		private TargetDialect dialect;

		private RejectBudgets budgets;

		private ObjectProvider<StepListener> listeners;

		private Checkpoints checkpoints;

		private SpringExtensions extensions;

		private PhaseTracker phases;

		private Builder() {
		}

		public Builder jobRepository(JobRepository jobRepository) {
			this.jobRepository = jobRepository;
			return this;
		}

		public Builder transactionManager(PlatformTransactionManager transactionManager) {
			this.transactionManager = transactionManager;
			return this;
		}

		public Builder dataSource(DataSource dataSource) {
			this.dataSource = dataSource;
			return this;
		}

		public Builder dialect(TargetDialect dialect) {
			this.dialect = dialect;
			return this;
		}

		/** Where partitions find their run's reject budget: in memory, or shared by a cluster's workers. */
		public Builder budgets(RejectBudgets budgets) {
			this.budgets = budgets;
			return this;
		}

		/** The step listener beans every partition's step gets. */
		public Builder listeners(ObjectProvider<StepListener> listeners) {
			this.listeners = listeners;
			return this;
		}

		public Builder checkpoints(Checkpoints checkpoints) {
			this.checkpoints = checkpoints;
			return this;
		}

		public Builder extensions(SpringExtensions extensions) {
			this.extensions = extensions;
			return this;
		}

		public Builder phases(PhaseTracker phases) {
			this.phases = phases;
			return this;
		}

		/** @throws NullPointerException naming the part that is not set */
		public PartitionSteps build() {
			Objects.requireNonNull(this.jobRepository, "jobRepository");
			Objects.requireNonNull(this.transactionManager, "transactionManager");
			Objects.requireNonNull(this.dataSource, "dataSource");
			Objects.requireNonNull(this.dialect, "dialect");
			Objects.requireNonNull(this.budgets, "budgets");
			Objects.requireNonNull(this.listeners, "listeners");
			Objects.requireNonNull(this.checkpoints, "checkpoints");
			Objects.requireNonNull(this.extensions, "extensions");
			Objects.requireNonNull(this.phases, "phases");
			return new PartitionSteps(this);
		}

	}

}
