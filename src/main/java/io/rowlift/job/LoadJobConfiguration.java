package io.rowlift.job;

import java.nio.file.Path;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.batch.core.configuration.annotation.JobScope;
import org.springframework.batch.core.configuration.annotation.StepScope;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.partition.support.SimpleStepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.jdbc.core.JdbcTemplate;
import io.rowlift.database.RejectTable;
import io.rowlift.database.ValueFormats;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;

import io.rowlift.model.RawRecord;
import io.rowlift.schema.IndexDropTasklet;
import io.rowlift.schema.IndexRebuildTasklet;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.source.ByteRange;
import io.rowlift.source.ByteRangePartitioner;
import io.rowlift.source.ByteRangeReader;
import io.rowlift.source.ReadAheadReader;
import io.rowlift.source.SourceLocator;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.JdbcRowWriter;
import io.rowlift.database.WriteMethod;
import io.rowlift.sort.ExternalSort;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.sort.SortKey;
import io.rowlift.sort.SortProperties;
import io.rowlift.sort.SortedReader;
import io.rowlift.database.TargetDialect;
import io.rowlift.job.spring.SpringExtensions;
import io.rowlift.job.spring.SpringWorker;

/**
 * The load job: {@value LoadJobNames#INDEX_DROP} → {@value LoadJobNames#LOAD} (partitioned by byte
 * ranges, one chunk-oriented worker per partition) → {@value LoadJobNames#INDEX_REBUILD} →
 * {@value LoadJobNames#ACCOUNTING}.
 *
 * <p>Every step runs with the target database's transaction manager and Spring Batch's tables live
 * in that same database, so each chunk's rows and its reader offset commit atomically: a resumed
 * run neither loses nor repeats a row. The job has no incrementer; {@link LoadLauncher} passes the
 * identifying parameters, so the same command resumes the same job instance.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ SourceProperties.class, JobProperties.class, SchemaProperties.class, SortProperties.class })
public class LoadJobConfiguration {

	@Bean
	LoadPlanner loadPlanner(DataSource dataSource, SourceProperties source) {
		return new LoadPlanner(dataSource, source);
	}

	@Bean
	Job loadJob(JobRepository jobRepository, Step indexDropStep, Step loadStep, Step indexRebuildStep,
			Step accountingStep, SpringExtensions extensions) {
		JobBuilder job = new JobBuilder(LoadJobNames.JOB, jobRepository);
		extensions.jobListeners().forEach(job::listener); // the user's, from a jar on loader.path
		return job.start(indexDropStep)
			.next(loadStep)
			.next(indexRebuildStep)
			.next(accountingStep)
			.build();
	}

	@Bean
	Step accountingStep(JobRepository jobRepository, PlatformTransactionManager transactionManager, DataSource dataSource) {
		return new StepBuilder(LoadJobNames.ACCOUNTING, jobRepository)
			.tasklet(new AccountingTasklet(jobRepository, new JdbcTemplate(dataSource)), transactionManager)
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

	@Bean
	@StepScope
	Tasklet indexDropTasklet(DataSource dataSource, TargetDialect dialect, SchemaProperties schema,
			@Value("#{jobParameters}") Map<String, Object> parameters) {
		return new IndexDropTasklet(dataSource, dialect, (String) parameters.get(LoadJobNames.TABLE), schema.dropIndexes());
	}

	@Bean
	@StepScope
	Tasklet indexRebuildTasklet(DataSource dataSource, TargetDialect dialect,
			@Value("#{jobParameters}") Map<String, Object> parameters) {
		return new IndexRebuildTasklet(dataSource, dialect, (String) parameters.get(LoadJobNames.TABLE));
	}

	/**
	 * The partitioned load. Job-scoped because partition count, threads and chunk size are job
	 * parameters: a resume runs with the values of the load's first run.
	 */
	@Bean
	@JobScope
	Step loadStep(JobRepository jobRepository, PlatformTransactionManager transactionManager, LoadPlanner planner,
			DataSource dataSource, TargetDialect dialect, SourceProperties source, JobProperties settings, SortProperties sorting,
			RejectBudgets budgets, RunningPartitions running,
			@Value("#{jobParameters}") Map<String, Object> parameters, @Value("#{jobExecution.id}") long executionId,
			@Value("${rowlift.test.fail-at-byte:-1}") long failAtByte, @Value("${rowlift.test.fail-at-record:-1}") long failAtRecord,
			@Value("${rowlift.test.miscount:false}") boolean miscount, LoadHistory history, SpringExtensions extensions) {
		LoadPlan plan = plan(planner, parameters, executionId);
		int partitions = ((Long) parameters.get(LoadJobNames.PARTITIONS)).intValue();
		int threads = ((Long) parameters.get(LoadJobNames.THREADS)).intValue();
		int chunkSize = ((Long) parameters.get(LoadJobNames.CHUNK_SIZE)).intValue();
		Step worker = PipelineChoice.of(parameters) == Pipeline.SPRING
				? SpringWorker.build(LoadJobNames.WORKER, jobRepository, transactionManager, dataSource, dialect, plan.file(),
						plan.displayName(), plan.format(), plan.format().header() ? plan.header().names().toArray(String[]::new) : null,
						plan.mapping(), plan.values(), chunkSize, (int) source.readBuffer().toBytes(), budgets::of, running::opened,
						running::closed, extensions)
				: fastWorker(jobRepository, transactionManager, plan, dataSource, dialect, source, settings, sorting, budgets,
						running, parameters, chunkSize, failAtByte, failAtRecord, miscount, extensions);
		SimpleAsyncTaskExecutor executor = new SimpleAsyncTaskExecutor("rowlift-partition-");
		executor.setConcurrencyLimit(threads);
		ByteRangePartitioner partitioner = new ByteRangePartitioner(plan.file(), plan.format(), plan.header().dataStart(),
				plan.header().dataStartLine(), Runtime.getRuntime().availableProcessors());
		return new StepBuilder(LoadJobNames.LOAD, jobRepository)
			.partitioner(LoadJobNames.WORKER, partitioner)
			.splitter(new RangeRepairingSplitter(new SimpleStepExecutionSplitter(jobRepository, LoadJobNames.WORKER, partitioner),
					partitioner, jobRepository, history))
			.step(worker)
			.gridSize(partitions)
			.taskExecutor(executor)
			.build();
	}

	/** The fast path's worker: Rowlift's byte-range (or sorted) reader and its JDBC writer. */
	private static Step fastWorker(JobRepository jobRepository, PlatformTransactionManager transactionManager, LoadPlan plan,
			DataSource dataSource, TargetDialect dialect, SourceProperties source, JobProperties settings, SortProperties sorting,
			RejectBudgets budgets, RunningPartitions running, Map<String, Object> parameters, int chunkSize, long failAtByte,
			long failAtRecord, boolean miscount, SpringExtensions extensions) {
		int readAhead = settings.readAhead();
		Object chosen = parameters.get(LoadJobNames.WRITE_METHOD); // absent in runs started before there was a choice
		WriteMethod method = chosen == null ? WriteMethod.INSERT : WriteMethod.valueOf((String) chosen);
		KeyOrder order = KeyOrder.valueOf((String) parameters.getOrDefault(LoadJobNames.KEY_ORDER, KeyOrder.FILE.name()));
		SortKey key = order == KeyOrder.FILE ? null : KeyOrderChoice.keyOf(plan.mapping(), dialect)
			.orElseThrow(() -> new IllegalStateException("key order " + order + " but " + plan.table() + " has no key the file fills"));
		PartitionStreams.Reader reader = new PartitionStreams.Reader(step -> {
			if (order == KeyOrder.SORT) {
				ExternalSort sort = new ExternalSort(plan.file(), plan.displayName(), plan.format(), plan.header().dataStart(),
						plan.header().dataStartLine(), (int) source.readBuffer().toBytes(), (int) source.maxRecordSize().toBytes(),
						key, Runtime.getRuntime().availableProcessors(), sorting.memoryBytes());
				return new SortedReader(sort, Path.of((String) parameters.get(LoadJobNames.SORT_DIR)), failAtRecord);
			}
			ByteRangeReader partition = new ByteRangeReader(plan.file(), plan.displayName(), plan.format(),
					(int) source.readBuffer().toBytes(), (int) source.maxRecordSize().toBytes(), failAtByte);
			return readAhead > 0 ? new ReadAheadReader(partition, readAhead * chunkSize) : partition;
		}, running);
		PartitionStreams.Writer writer = new PartitionStreams.Writer(step -> {
			long run = step.getJobExecution().getJobInstanceId();
			SourceLocator locator = new SourceLocator(plan.file(), plan.displayName(), plan.format(),
					ByteRange.readFrom(step.getExecutionContext()));
			return new JdbcRowWriter(dataSource, dialect, plan.mapping(), plan.values(), method,
					order == KeyOrder.CHUNK ? key::of : null, locator,
					budgets.of(step.getJobExecutionId(), run), new RejectTable(run), miscount);
		});
		var worker = new StepBuilder(LoadJobNames.WORKER, jobRepository).<RawRecord, RawRecord>chunk(chunkSize)
			.transactionManager(transactionManager)
			.reader(reader)
			.writer(writer);
		extensions.stepListeners().forEach(worker::listener); // the user's, from a jar on loader.path
		return worker.build();
	}

	@Bean
	RunningPartitions runningPartitions() {
		return new RunningPartitions();
	}

	@Bean
	RejectBudgets rejectBudgets(DataSource dataSource, JobProperties settings) {
		return new RejectBudgets(new JdbcTemplate(dataSource), settings);
	}

	private static LoadPlan plan(LoadPlanner planner, Map<String, Object> parameters, long executionId) {
		return planner.plan(Path.of((String) parameters.get(LoadJobNames.PATH)), (String) parameters.get(LoadJobNames.DISPLAY),
				(String) parameters.get(LoadJobNames.TABLE), "execution-" + executionId);
	}

}
