package io.rowlift.job.spring;

import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;

import javax.sql.DataSource;

import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.ChunkOrientedStepBuilder;
import org.springframework.batch.infrastructure.item.database.JdbcBatchItemWriter;
import org.springframework.batch.infrastructure.item.file.mapping.FieldSetMapper;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.jdbc.core.namedparam.BeanPropertySqlParameterSource;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.transaction.PlatformTransactionManager;

import io.rowlift.database.mapping.RecordFilter;
import io.rowlift.database.RejectBudget;
import io.rowlift.database.RejectTable;
import io.rowlift.RowliftException;
import io.rowlift.database.KeyMatching;
import io.rowlift.model.Checkpoints;
import io.rowlift.database.TableColumn;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.progress.ChunkCommitGuard;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.InputSource;
import io.rowlift.source.csv.CsvInput;
import io.rowlift.source.csv.CsvInputFormat;

/**
 * The worker step of the spring pipeline (the design card's pipeline): per partition, a
 * {@code FlatFileItemReader} bounded to the partition's byte range ({@link SpringRangeReader}), a
 * {@code FieldSetMapper} (the user's, or {@link ColumnValuesMapper}), the user's
 * {@code ItemProcessor} if any ({@link SpringItemProcessor}) and a {@link JdbcBatchItemWriter}
 * ({@link SpringRowWriter}), fault-tolerant with a skip policy on Rowlift's reject budget
 * ({@link RejectSkipPolicy}) and a skip listener feeding Rowlift's reject table
 * ({@link RejectSkipListener}). The partition manager, the index steps and the accounting are the
 * fast path's; only this worker differs.
 *
 * <p>Retries are off: a read cannot be retried (the reader has moved on), and a row the database
 * refuses is refused again.
 */
public final class SpringWorker {

	private SpringWorker() {
	}

	/**
	 * @param worker the step's name
	 * @param input the input: CSV, the one format whose {@code InputCapability.SPRING_PIPELINE} this pipeline reads
	 * @param mapping which field goes to which column (the INSERT's columns)
	 * @param compiled the mapping with its expressions and filter compiled for a run (its job instance id):
	 *        each partition's mapper computes its columns, and its reader filters its records, with it
	 * @param values how values are converted
	 * @param chunkSize records per transaction
	 * @param bufferSize read buffer, bytes
	 * @param budgets the reject budget of (job execution, run)
	 * @param opened told when a partition starts (before its reader opens)
	 * @param closed told when a partition's reader closes
	 * @param extensions the user's beans
	 * @param matching how rows are matched on a key (upsert, ignore), or null (append)
	 * @param checkpoints told {@value io.rowlift.database.write.ChunkBisection#CHECKPOINT} in the middle of a bisection (tests only)
	 */
	public static Step build(String worker, JobRepository repository, PlatformTransactionManager transactionManager,
			DataSource dataSource, TargetDialect dialect, InputSource input, TableMapping mapping,
			java.util.function.LongFunction<TableMapping> compiled, ValueFormats values, int chunkSize, int bufferSize,
			BiFunction<Long, Long, RejectBudget> budgets, Consumer<StepExecution> opened, Consumer<StepExecution> closed,
			SpringExtensions extensions, KeyMatching matching, Checkpoints checkpoints) {
		CsvInput csv = CsvInputFormat.of(input); // the launcher refused other formats (exit 2) by their capability
		java.nio.file.Path file = csv.file();
		CsvFormat format = csv.csvFormat();
		String[] names = format.header() ? csv.names().toArray(String[]::new) : null;
		SpringPartitions partitions = new SpringPartitions();
		SpringRangeReader reader = new SpringRangeReader(partitions, step -> {
			opened.accept(step);
			long run = step.getJobExecution().getJobInstanceId();
			ByteRange range = ByteRange.readFrom(step.getExecutionContext());
			SpringPartition partition = new SpringPartition(range, csv.locator(step.getExecutionContext()),
					budgets.apply(step.getJobExecutionId(), run), new RejectTable(run), checkpoints);
			partition.commits = new ChunkCommitGuard(step.getStepName());
			partition.blankLines = csv.blankLines();
			partition.trailingField = csv.trailingField();
			partition.mapping = compiled.apply(run);
			partition.filter = RecordFilter.of(partition.mapping, values.charset(), partition.locator);
			return partition;
		}, file, format, names, bufferSize, partition -> mapper(extensions, partition, dialect, values), closed);
		SpringRowWriter writer = new SpringRowWriter(partitions, jdbcWriter(dataSource, dialect, mapping, extensions, matching),
				dataSource, dialect, matching);
		ChunkOrientedStepBuilder<Object, Object> step = new ChunkOrientedStepBuilder<Object, Object>(worker, repository, chunkSize)
			.transactionManager(transactionManager)
			.reader(reader)
			.processor(new SpringItemProcessor(partitions, extensions.processor()))
			.writer(writer)
			.faultTolerant()
			.retryPolicy(RetryPolicy.withMaxRetries(0))
			.skipPolicy(new RejectSkipPolicy(partitions))
			.skipListener(new RejectSkipListener(partitions));
		step.listener((StepExecutionListener) writer); // its afterStep: ChunkCommitGuard's correction of the counts
		for (StepExecutionListener listener : extensions.stepListeners()) {
			step.listener(listener);
		}
		return step.build();
	}

	private static FieldSetMapper<?> mapper(SpringExtensions extensions, SpringPartition partition, TargetDialect dialect,
			ValueFormats values) {
		return extensions.mapper() != null ? extensions.mapper()
				: new ColumnValuesMapper(partition.mapping, dialect, values, partition.locator);
	}

	/**
	 * The user's SQL with named parameters from each item (a map's keys, else its bean properties),
	 * or the mapping's INSERT with positional parameters from the default mapper's column map.
	 */
	static JdbcBatchItemWriter<Object> jdbcWriter(DataSource dataSource, TargetDialect dialect, TableMapping mapping,
			SpringExtensions extensions, KeyMatching matching) {
		JdbcBatchItemWriter<Object> writer = new JdbcBatchItemWriter<>();
		writer.setDataSource(dataSource);
		if (matching != null) {
			if (extensions.sql() != null) {
				throw RowliftException.badInput("rowlift.job.spring.sql is set, but rowlift.target.mode=" + matching.mode().setting()
						+ " writes with Rowlift's own INSERT (it matches keys and counts the matched rows); remove one of the two");
			}
			writer.setAssertUpdates(false); // an ignored row changes nothing, and that is not an error
		}
		if (extensions.sql() != null) {
			writer.setSql(extensions.sql());
			writer.setItemSqlParameterSourceProvider(extensions.parameters() != null ? extensions.parameters()
					: item -> item instanceof Map<?, ?> map ? new MapSqlParameterSource(stringKeys(map))
							: new BeanPropertySqlParameterSource(item));
		}
		else {
			List<TableColumn> columns = mapping.columns();
			String[] names = columns.stream().map(TableColumn::name).toArray(String[]::new);
			String tagged = mapping.insertSql(dialect);
			String tag = dialect.sql().statementTag(mapping.table().name());
			// Spring Batch's placeholder count does not skip comments, and MySQL's tag ("rowlift:<digest>") reads as
			// a named parameter: check the statement without it, then run it with it (the tag lets a resume find
			// and end the statements of a killed run); so is MySQL's ":=" in the clause for a matched row, which is
			// added after the check as well
			writer.setSql(tagged.startsWith(tag) ? tagged.substring(tag.length()) : tagged);
			writer.setItemPreparedStatementSetter((item, statement) -> {
				if (!(item instanceof Map<?, ?> row)) {
					throw new IllegalStateException("the spring pipeline's default INSERT binds a Map of column name to value, "
							+ "but the item is a " + item.getClass().getName()
							+ "; return a Map from the mapper or processor, or set rowlift.job.spring.sql to an INSERT with :named parameters");
				}
				for (int i = 0; i < names.length; i++) {
					Object value = row.get(names[i]);
					if (value == null) {
						statement.setNull(i + 1, Types.NULL);
					}
					else {
						statement.setObject(i + 1, value);
					}
				}
			});
		}
		writer.afterPropertiesSet();
		if (extensions.sql() == null) {
			writer.setSql(matching != null ? matching.insertSql(dialect, mapping, 1) : mapping.insertSql(dialect));
		}
		return writer;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, ?> stringKeys(Map<?, ?> map) {
		return (Map<String, ?>) map;
	}

}
