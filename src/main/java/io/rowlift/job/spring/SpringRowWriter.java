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
import io.rowlift.database.KeyMatching;
import io.rowlift.database.LoadMode;
import io.rowlift.database.MatchCounter;
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
 *
 * <p>In mode {@code upsert} or {@code ignore} the delegate runs the mapping's INSERT with the dialect's
 * clause for a matched row ({@link KeyMatching}), and the writer counts the rows whose key matched with
 * the dialect's {@link MatchCounter}: once for a chunk written whole, row by row when it is written one
 * row at a time (a refused row's count goes with it); saved as updated or ignored.
 */
final class SpringRowWriter implements ItemStreamWriter<Object> {

	private final SpringPartitions partitions;

	private final ItemWriter<Object> delegate;

	private final DataSource dataSource;

	private final TargetDialect dialect;

	/** How rows are matched on a key, or null (append). */
	private final KeyMatching matching;

	SpringRowWriter(SpringPartitions partitions, ItemWriter<Object> delegate, DataSource dataSource, TargetDialect dialect,
			KeyMatching matching) {
		this.partitions = partitions;
		this.delegate = delegate;
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.matching = matching;
	}

	@Override
	public void open(ExecutionContext context) {
		SpringPartition partition = this.partitions.current();
		PartitionProgress progress = PartitionProgress.readFrom(context);
		partition.written = progress.written();
		partition.writtenAtOpen = partition.written;
		partition.rejected = progress.rejected();
		// saved at once: a run that fails before its first commit must count none of the earlier runs' rows as its own
		PartitionProgress.saveWritten(context, partition.written, partition.rejected, partition.writtenAtOpen);
		partition.filtered = progress.filtered();
		partition.matched = ignoring() ? progress.ignored() : progress.updated();
	}

	private boolean ignoring() {
		return this.matching != null && this.matching.mode() == LoadMode.IGNORE;
	}

	/** Starts counting matched rows on the connection (nothing without key matching). */
	private void resetCount(Connection connection) throws SQLException {
		if (this.matching != null) {
			this.matching.counter().reset(connection);
		}
	}

	/** Leaves the connection as it was before the chunk (nothing without key matching). */
	private void finishCount(Connection connection) throws SQLException {
		if (this.matching != null) {
			this.matching.counter().finish(connection);
		}
	}

	/** Books {@code applied} rows just written as inserted or matched. */
	private void count(SpringPartition partition, Connection connection, long applied) throws SQLException {
		long matched = this.matching == null ? 0 : this.matching.counter().matched(connection, applied);
		partition.written += applied - matched;
		partition.matched += matched;
	}

	@Override
	public void write(Chunk<?> chunk) throws Exception {
		SpringPartition partition = this.partitions.current();
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		try {
			if (this.matching != null) {
				this.matching.counter().prepare(connection);
			}
			resetCount(connection);
			Savepoint whole = connection.setSavepoint();
			try {
				this.delegate.write(items(chunk));
				count(partition, connection, chunk.size());
				finishCount(connection);
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
					resetCount(connection);
					this.delegate.write(new Chunk<>(item));
					count(partition, connection, 1);
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
			finishCount(connection);
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
		if (this.matching != null) {
			PartitionProgress.saveMatched(context, ignoring() ? 0 : partition.matched, ignoring() ? partition.matched : 0);
		}
	}

	@Override
	public void close() {
	}

}
