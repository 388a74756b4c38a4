package io.rowlift.job;

import java.util.List;

import javax.sql.DataSource;

import org.springframework.batch.core.configuration.annotation.JobScope;
import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.listener.StepListener;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.partition.support.SimpleStepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Scope;
import org.springframework.context.annotation.ScopedProxyMode;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;

import io.rowlift.model.Checkpoints;
import io.rowlift.progress.PhaseTracker;
import io.rowlift.report.Terminals;
import io.rowlift.schema.IndexDropTasklet;
import io.rowlift.schema.IndexRebuildTasklet;
import io.rowlift.schema.TableSwapTasklet;
import io.rowlift.schema.TargetPrepareTasklet;
import io.rowlift.source.SourceProperties;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.SortProperties;
import io.rowlift.database.TargetDialect;
import io.rowlift.job.spring.SpringExtensions;

/**
 * The load job: {@value LoadJobNames#BEFORE_SQL} (the load's before-SQL, once per load) →
 * {@value LoadJobNames#PREPARE} (the mode's work before the load: truncate empties the
 * table, replace makes its staging table) → {@value LoadJobNames#INDEX_DROP} → {@value LoadJobNames#LOAD}
 * (partitioned into the input format's units of work, one chunk-oriented worker per partition) → {@value LoadJobNames#INDEX_REBUILD} →
 * {@value LoadJobNames#ACCOUNTING} → {@value LoadJobNames#SWAP} (replace swaps the staging table in) →
 * {@value LoadJobNames#AFTER_SQL} (the after-SQL, once per load); a run whose plan has no before- or after-SQL leaves
 * that step out ({@link LoadJob}). A
 * replace writes, drops and rebuilds indexes on its staging table ({@link RunPlan#writeTable}). Every step
 * reads the run's plan from its job execution context ({@link RunPlan#of}), where {@link PlanHandover}
 * stores it as the job starts.
 *
 * <p>Every step runs with the target database's transaction manager and Spring Batch's tables live
 * in that same database, so each chunk's rows and its reader offset commit atomically: a resumed
 * run neither loses nor repeats a row. The job has no incrementer; {@link LoadLauncher} passes the
 * identifying parameters, so the same command resumes the same job instance.
 */
@Configuration(proxyBeanMethods = false)
// bound for the entry points, which put them in each LoadRequest; no bean of the job takes them (issue #35)
@EnableConfigurationProperties({ SourceProperties.class, JobProperties.class, SortProperties.class })
public class LoadJobConfiguration {

	/** The planner; each load's input settings come with its plan (the request's), not from this context. */
	@Bean
	LoadPlanner loadPlanner(DataSource dataSource) {
		return new LoadPlanner(dataSource);
	}

	@Bean
	PlanHandover planHandover(JobRepository jobRepository) {
		return new PlanHandover(jobRepository);
	}

	@Bean
	Job loadJob(JobRepository jobRepository, Step beforeSqlStep, Step prepareStep, Step indexDropStep, Step loadStep,
			Step indexRebuildStep, Step accountingStep, Step swapStep, Step afterSqlStep, SpringExtensions extensions,
			LoadMonitor monitor, PlanHandover handover, PartitionSteps partitionSteps) {
		// the before-SQL before anything of the load touches the table, the after-SQL once it is all done;
		// prepare first of the rest (a replace's index drop acts on the staging table it makes); the swap last,
		// once the accounting has found the staging table complete
		LoadJob job = new LoadJob(LoadJobNames.JOB, List.of(beforeSqlStep, prepareStep, indexDropStep, loadStep, indexRebuildStep,
				accountingStep, swapStep, afterSqlStep), LoadJobConfiguration::needed);
		job.setJobRepository(jobRepository);
		job.registerJobExecutionListener(handover); // first: the run's plan goes into its context before anything reads it
		job.registerJobExecutionListener(monitor); // the progress display and the report's phases and samples
		extensions.jobListeners().forEach(job::registerJobExecutionListener); // the user's, from a jar on loader.path
		job.registerJobExecutionListener(new BudgetRelease(partitionSteps.budgets()));
		return job;
	}

	/** Whether a run needs {@code step}: the before- and after-SQL steps only when its plan has such SQL. */
	static boolean needed(Step step, JobExecution execution) {
		return switch (step.getName()) {
			case LoadJobNames.BEFORE_SQL -> !sqlOf(execution).before().isEmpty();
			case LoadJobNames.AFTER_SQL -> !sqlOf(execution).after().isEmpty();
			default -> true;
		};
	}

	private static LoadSql sqlOf(JobExecution execution) {
		LoadSql sql = RunPlan.in(execution.getExecutionContext()).map(RunPlan::sql).orElse(null);
		return sql == null ? LoadSql.NONE : sql;
	}

	@Bean
	Step beforeSqlStep(JobRepository jobRepository, PlatformTransactionManager transactionManager, Tasklet beforeSqlTasklet) {
		// not restartable once complete: a resume does not run the before-SQL again
		return new StepBuilder(LoadJobNames.BEFORE_SQL, jobRepository).tasklet(beforeSqlTasklet, transactionManager).build();
	}

	@Bean
	Step afterSqlStep(JobRepository jobRepository, PlatformTransactionManager transactionManager, Tasklet afterSqlTasklet) {
		return new StepBuilder(LoadJobNames.AFTER_SQL, jobRepository).tasklet(afterSqlTasklet, transactionManager).build();
	}

	@Bean
	@StepScope
	Tasklet beforeSqlTasklet(DataSource dataSource, @Value("#{stepExecution.jobExecution}") JobExecution execution,
			Checkpoints checkpoints) {
		// the plan as stored, not the job's plan bean: the SQL needs neither the input opened nor the dictionary read
		return new LoadSqlTasklet(dataSource, true, sqlOf(execution).before(), checkpoints);
	}

	@Bean
	@StepScope
	Tasklet afterSqlTasklet(DataSource dataSource, @Value("#{stepExecution.jobExecution}") JobExecution execution,
			Checkpoints checkpoints) {
		return new LoadSqlTasklet(dataSource, false, sqlOf(execution).after(), checkpoints);
	}

	@Bean
	Step prepareStep(JobRepository jobRepository, PlatformTransactionManager transactionManager, Tasklet prepareTasklet) {
		// not restartable once complete: a resumed truncate does not empty the table again
		return new StepBuilder(LoadJobNames.PREPARE, jobRepository).tasklet(prepareTasklet, transactionManager).build();
	}

	@Bean
	Step swapStep(JobRepository jobRepository, Tasklet swapTasklet) {
		// no transaction of the step: the swap takes a connection of its own
		return new StepBuilder(LoadJobNames.SWAP, jobRepository)
			.tasklet(swapTasklet, new ResourcelessTransactionManager())
			.build();
	}

	@Bean
	@StepScope
	Tasklet prepareTasklet(DataSource dataSource, TargetDialect dialect, RunPlan plan, Checkpoints checkpoints) {
		return new TargetPrepareTasklet(dataSource, dialect, plan.table(), plan.mode(), checkpoints);
	}

	@Bean
	@StepScope
	Tasklet swapTasklet(DataSource dataSource, TargetDialect dialect, RunPlan plan, Checkpoints checkpoints) {
		return new TableSwapTasklet(dataSource, dialect, plan.table(), plan.mode(), checkpoints);
	}

	@Bean
	Step accountingStep(JobRepository jobRepository, PlatformTransactionManager transactionManager, DataSource dataSource,
			Checkpoints checkpoints) {
		// the input as the load step saw it: the plan stored with the run
		return new StepBuilder(LoadJobNames.ACCOUNTING, jobRepository)
			.tasklet(new AccountingTasklet(jobRepository, new JdbcTemplate(dataSource),
					RunPlan::of,
					checkpoints),
					transactionManager)
			.allowStartIfComplete(true)
			.build();
	}

	@Bean
	Step indexDropStep(JobRepository jobRepository, PlatformTransactionManager transactionManager, Tasklet indexDropTasklet) {
		return new StepBuilder(LoadJobNames.INDEX_DROP, jobRepository).tasklet(indexDropTasklet, transactionManager).build();
	}

	@Bean
	Step indexRebuildStep(JobRepository jobRepository, Tasklet indexRebuildTasklet) {
		// no transaction of the step: the dialect may need the database to itself for the build
		return new StepBuilder(LoadJobNames.INDEX_REBUILD, jobRepository)
			.tasklet(indexRebuildTasklet, new ResourcelessTransactionManager())
			.build();
	}

	/**
	 * The plan stored with the running execution's run ({@link RunPlan#of}, written as the job started),
	 * with this execution's write method and its compression's dictionary. Made once per execution; job- and step-scoped beans take it (it
	 * is not proxied: a final class cannot be, so a singleton cannot take it).
	 */
	@Bean
	@Scope(value = "job", proxyMode = ScopedProxyMode.NO)
	RunPlan runPlan(@Value("#{jobExecution}") JobExecution execution, DataSource dataSource) {
		// rowlift.target.compress: the dictionary the plan names, read by its ID (never trained again)
		return DocumentDictionary.read(RunPlan.of(execution), dataSource);
	}

	/**
	 * The index drop, as the request that started this execution said ({@link IndexDropping}, a job parameter):
	 * one context runs many requests, so the context's {@code rowlift.schema.*} bean is not the load's.
	 */
	@Bean
	@StepScope
	Tasklet indexDropTasklet(DataSource dataSource, TargetDialect dialect, RunPlan plan, Checkpoints checkpoints,
			@Value("#{stepExecution.jobExecution.jobParameters}") JobParameters parameters) {
		// the unique index upsert and ignore match on stays in force (the primary key is never dropped). Where the
		// database matches on the named key alone (SQLite's ON CONFLICT (key)), so do the other unique indexes: it
		// refuses a row that repeats one of their keys as it writes it (a reject). Where it matches on any unique
		// key (MySQL's ON DUPLICATE KEY UPDATE, INSERT IGNORE), they are dropped, so that rows match on the named
		// key alone; a row that repeats one of their keys is rejected when the index is rebuilt (DuplicateRejects)
		boolean matches = plan.target().mode().matchesKeys();
		String keep = matches ? plan.target().upsertKey() : null;
		return new IndexDropTasklet(dataSource, dialect, plan.writeTable(dialect),
				IndexDropping.of(parameters).dropIndexes(), checkpoints, keep,
				matches && !dialect.keys().matchesAnyUniqueKey());
	}

	/**
	 * The index rebuild. The skip limit and the reader's sizes are the execution's ({@link RunSettings}, job
	 * parameters the launcher sets from the request), never the context's: one context runs many requests.
	 */
	@Bean
	@StepScope
	Tasklet indexRebuildTasklet(DataSource dataSource, TargetDialect dialect, RunPlan plan, Checkpoints checkpoints,
			PhaseTracker phases, SpringExtensions extensions,
			@Value("#{stepExecution.jobExecution.jobInstance.instanceId}") long run,
			@Value("#{stepExecution.jobExecution.jobParameters}") JobParameters parameters) {
		RunSettings execution = RunSettings.of(parameters);
		// rows that repeat a key of a unique index the load dropped are rejected, told apart by the file
		DuplicateRejects duplicates = new DuplicateRejects(dataSource, dialect, plan, run, execution.skipLimit(),
				extensions.selectsSpring(), checkpoints, execution.readBuffer(), execution.maxRecordSize());
		return new IndexRebuildTasklet(dataSource, dialect, plan.writeTable(dialect), checkpoints, phases, duplicates);
	}

	/**
	 * The partitioned load. Job-scoped because the run's plan comes from the job parameters: partition
	 * count, threads, chunk size and key order of a resume are those of the load's first run. The
	 * partitions run in this process ({@code rowlift.job.threads} at a time), or, when a
	 * {@link RemotePartitions} bean is there (the cluster's manager), on the workers it sends them to.
	 */
	@Bean
	@JobScope
	Step loadStep(JobRepository jobRepository, RunPlan planned, PartitionSteps steps, RunningPartitions running,
			LoadHistory history, Checkpoints checkpoints, ObjectProvider<RemotePartitions> remote,
			TargetDialect dialect, DataSource dataSource, @Value("#{jobExecution}") JobExecution execution) {
		LoadPlan plan = planned.load();
		Partitioner units = plan.input().partitioner(checkpoints);
		// key order SORT: each partition's unit is its share of the file for the accounting's coverage; what it
		// reads is the key range of the sorted file its context names
		Partitioner partitioner = planned.order() == KeyOrder.SORT ? new SortedStreamsPartitioner(units) : units;
		// the splitter's partitioner can leave out the partitions a restarted cluster manager adopts (PartitionSplitter)
		PartitionsLeftOut named = new PartitionsLeftOut(partitioner);
		var step = new StepBuilder(LoadJobNames.LOAD, jobRepository)
			.partitioner(LoadJobNames.WORKER, partitioner)
			.splitter(new RangeRepairingSplitter(new SimpleStepExecutionSplitter(jobRepository, LoadJobNames.WORKER, named),
					partitioner, plan.input(), jobRepository, history, named))
			.gridSize(planned.partitions());
		RemotePartitions elsewhere = remote.getIfAvailable();
		if (elsewhere != null) {
			return step.partitionHandler(elsewhere.handler(planned)).build();
		}
		SimpleAsyncTaskExecutor executor = new SimpleAsyncTaskExecutor("rowlift-partition-");
		executor.setConcurrencyLimit(planned.threads());
		// the request's settings and tuning, which the launcher put among this execution's job parameters
		JobParameters parameters = execution.getJobParameters();
		return step.step(steps.worker(planned, RunSettings.of(parameters), PartitionTuning.of(parameters), running))
			.taskExecutor(executor)
			.listener(new CompilerHandover(plan.file().toFile().length())) // C2, kept off the start-up code, comes back here
			.listener(new LoadCompanionListener(() -> dialect.connections().besideLoad(dataSource)))
			.build();
	}

	@Bean
	PartitionSteps partitionSteps(JobRepository jobRepository, PlatformTransactionManager transactionManager,
			DataSource dataSource, TargetDialect dialect, ObjectProvider<RejectBudgets> budgets, ObjectProvider<StepListener> listeners,
			Checkpoints checkpoints, SpringExtensions extensions, PhaseTracker phases) {
		return PartitionSteps.builder()
			.jobRepository(jobRepository)
			.transactionManager(transactionManager)
			.dataSource(dataSource)
			.dialect(dialect)
			// a cluster worker's configuration declares the shared budgets; a local run keeps them in memory
			.budgets(budgets.getIfAvailable(() -> new LocalRejectBudgets(new JdbcTemplate(dataSource))))
			.listeners(listeners)
			.checkpoints(checkpoints)
			.extensions(extensions)
			.phases(phases)
			.build();
	}

	@Bean
	RunningPartitions runningPartitions() {
		return new RunningPartitions();
	}

	@Bean
	PhaseTracker phaseTracker() {
		return new PhaseTracker();
	}

	/** The progress sampler; its settings are each load's request's {@code rowlift.report.*} ({@link LoadMonitor#begin}). */
	@Bean
	LoadMonitor loadMonitor(RunningPartitions running, PhaseTracker phases, JobRepository jobRepository,
			ObjectProvider<RemotePartitions> remote) {
		return new LoadMonitor(running, phases, jobRepository, Terminals::interactive, () -> remote.getIfAvailable() != null, partitions -> {
					RemotePartitions partitionsElsewhere = remote.getIfAvailable();
					return partitionsElsewhere == null ? null : partitionsElsewhere.waiting(partitions);
				});
	}


}
