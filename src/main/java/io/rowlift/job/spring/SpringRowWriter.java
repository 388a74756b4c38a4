package io.rowlift.job.spring;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;

import javax.sql.DataSource;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.datasource.DataSourceUtils;

import io.rowlift.progress.CommittedContext;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.database.JdbcRowWriter;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;

/**
 * The spring pipeline's writer: Spring Batch's {@code JdbcBatchItemWriter} (given), with Rowlift's
 * books around it. It counts the rows written; a row the database refuses when written alone (Spring
 * Batch writes a failed chunk again item by item, in a new transaction) becomes a
 * {@link RejectedRecordException} naming its record. In {@link #update} (inside the chunk's
 * transaction, just before it commits) it stages the partition's pending rejects in Rowlift's reject
 * table and saves the counts through the fast path's codec ({@link PartitionProgress}: written,
 * rejected, written at open, and filtered).
 *
 * <p><b>Why refused rows are found here and not by Spring Batch's scan:</b> Spring Batch 6.0.4 writes a
 * failed chunk again one item per transaction, each committing the reader's position, which is already
 * past the whole chunk; a kill between two of those transactions loses the chunk's rest on resume. So
 * the writer rolls the chunk back to a savepoint and writes its rows one by one, each under a
 * savepoint, in the chunk's own transaction (as the fast path does): the chunk, its rejects and the
 * reader's position still commit together. Thread-safe: the state is the partition's, in a thread-local.
 */
final class SpringRowWriter implements ItemStreamWriter<Object> {

	private final SpringPartitions partitions;

	private final ItemWriter<Object> delegate;

	private final DataSource dataSource;

	private final TargetDialect dialect;

	SpringRowWriter(SpringPartitions partitions, ItemWriter<Object> delegate, DataSource dataSource, TargetDialect dialect) {
		this.partitions = partitions;
		this.delegate = delegate;
		this.dataSource = dataSource;
		this.dialect = dialect;
	}

	@Override
	public void open(ExecutionContext context) {
		SpringPartition partition = this.partitions.current();
		PartitionProgress progress = PartitionProgress.readFrom(context, partition.range.start());
		partition.written = progress.written();
		partition.writtenAtOpen = partition.written;
		partition.rejected = progress.rejected();
		partition.filtered = progress.filtered();
	}

	@Override
	public void write(Chunk<?> chunk) throws Exception {
		SpringPartition partition = this.partitions.current();
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		try {
			Savepoint whole = connection.setSavepoint();
			try {
				this.delegate.write(items(chunk));
				partition.written += chunk.size();
				return;
			}
			catch (DataAccessException ex) {
				if (!RejectSkipPolicy.rowError(ex, this.dialect)) {
					throw ex;
				}
				connection.rollback(whole);
			}
			// the database refused a row: find it (them) one row at a time, still in this chunk's transaction
			for (Object item : chunk) {
				Savepoint one = connection.setSavepoint();
				try {
					this.delegate.write(new Chunk<>(item));
					partition.written++;
				}
				catch (DataAccessException ex) {
					RawRecord origin = partition.origin(item);
					if (origin == null || !RejectSkipPolicy.rowError(ex, this.dialect)) {
						throw ex;
					}
					connection.rollback(one);
					RejectedRecordException rejected = new RejectedRecordException(origin, -1, "the database refused the row: "
							+ RejectSkipPolicy.rootMessage(ex) + "; fix or remove the row");
					RejectSkipPolicy.take(partition, rejected);
					partition.pending.add(rejected);
				}
			}
		}
		finally {
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
	}

	@SuppressWarnings("unchecked")
	private static Chunk<Object> items(Chunk<?> chunk) {
		return (Chunk<Object>) chunk;
	}

	@Override
	public void update(ExecutionContext context) {
		// a commit that fails must not leave this chunk's counts and positions in the context (the fast
		// path's streams go through the same guard, in PartitionStreams)
		CommittedContext.update(this::save, context);
	}

	private void save(ExecutionContext context) {
		SpringPartition partition;
		try {
			partition = this.partitions.current();
		}
		catch (IllegalStateException ex) {
			return; // not open on this thread
		}
		if (!partition.pending.isEmpty()) {
			Connection connection = DataSourceUtils.getConnection(this.dataSource);
			try {
				for (RejectedRecordException reject : partition.pending) {
					RawRecord record = reject.record();
					Location where = reject.problem() != null ? partition.locator.where(record, reject.problem())
							: partition.locator.where(record, reject.field());
					partition.rejects.stage(connection, record, partition.locator.raw(record), where, reject.reason());
					partition.rejected++;
				}
			}
			catch (SQLException ex) {
				throw new IllegalStateException("cannot stage a rejected record in the reject table: " + ex.getMessage(), ex);
			}
			finally {
				DataSourceUtils.releaseConnection(connection, this.dataSource);
			}
			partition.pending.clear();
		}
		partition.origins.clear(); // the chunk is committed with this update: its items are done
		PartitionProgress.saveWritten(context, partition.written, partition.rejected, partition.writtenAtOpen);
		PartitionProgress.saveFiltered(context, partition.filtered);
	}

	@Override
	public void close() {
	}

}
