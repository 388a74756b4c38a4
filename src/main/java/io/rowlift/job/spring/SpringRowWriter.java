package io.rowlift.job.spring;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.datasource.DataSourceUtils;

import io.rowlift.progress.CommittedContext;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.database.write.ChunkBisection;
import io.rowlift.database.JdbcRowWriter;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.LoadMode;
import io.rowlift.database.MatchCounter;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;

/**
 * The spring pipeline's writer: Spring Batch's {@code JdbcBatchItemWriter} (given), with Rowlift's
 * books around it. It counts the rows written; a row the database refuses is found by the
 * {@link ChunkBisection} (the fast path's: the chunk written again in halves under savepoints of its
 * own transaction) and, refused alone, becomes a {@link RejectedRecordException} naming its record. In {@link #update} (inside the chunk's
 * transaction, just before it commits) it stages the partition's pending rejects in Rowlift's reject
 * table and saves the counts through the fast path's codec ({@link PartitionProgress}: written,
 * rejected, written at open, and filtered).
 *
 * <p><b>Why refused rows are found here and not by Spring Batch's scan:</b> Spring Batch 6.0.4 writes a
 * failed chunk again one item per transaction, each committing the reader's position, which is already
 * past the whole chunk; a kill between two of those transactions loses the chunk's rest on resume (and
 * one transaction per item costs what the fast path's row-by-row fallback did: 8.4 times a clean
 * chunk). So the writer writes the chunk under a savepoint, and a refused chunk (or group, once a
 * chunk had refused rows: {@link ChunkBisection#groupRows}) is bisected with the delegate's batches
 * inside the chunk's own transaction, as on the fast path: the chunk, its rejects and the reader's
 * position still commit together. Thread-safe: the state is the partition's, in a thread-local.
 *
 * <p>In mode {@code upsert} or {@code ignore} the delegate runs the mapping's INSERT with the dialect's
 * clause for a matched row ({@link KeyMatching}), and the writer counts the rows whose key matched with
 * the dialect's {@link MatchCounter}: once for each part of the chunk that took effect (a refused row's
 * count goes with it); saved as updated or ignored.
 */
final class SpringRowWriter implements ItemStreamWriter<Object>, StepExecutionListener {

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
		PartitionProgress.saveUpdatedAtOpen(context, progress.updated());
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
		partition.commits.check();
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		ChunkBisection bisection = partition.bisection;
		boolean done = false;
		try {
			if (this.matching != null) {
				this.matching.counter().prepare(connection);
			}
			List<Object> items = items(chunk).getItems();
			ChunkBisection.Part<Object> part = part(partition, connection);
			int group = Math.max(1, bisection.groupRows(ChunkBisection.UNLIMITED));
			for (int from = 0; from < items.size(); from += group) {
				bisection.write(connection, items.subList(from, Math.min(items.size(), from + group)), part);
			}
			finishCount(connection);
			bisection.chunkDone(items.size());
			partition.commits.written(items.size());
			done = true;
		}
		finally {
			if (!done) {
				bisection.chunkFailed();
			}
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
	}

	/**
	 * A part of the chunk as the bisection writes it: the delegate's batch of those items, counted when
	 * it took effect; a row refused alone becomes a pending reject naming its record.
	 */
	private ChunkBisection.Part<Object> part(SpringPartition partition, Connection connection) {
		return new ChunkBisection.Part<>() {

			@Override
			public Exception write(List<Object> rows) throws SQLException {
				try {
					resetCount(connection);
					SpringRowWriter.this.delegate.write(new Chunk<>(rows));
					count(partition, connection, rows.size());
					return null;
				}
				catch (DataAccessException ex) {
					if (!RejectSkipPolicy.rowError(ex, SpringRowWriter.this.dialect)) {
						throw ex;
					}
					return ex;
				}
				catch (SQLException | RuntimeException ex) {
					throw ex;
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			}

			@Override
			public void refused(Object item, Exception reason) {
				RawRecord origin = partition.origin(item);
				if (origin == null) { // an item the user's processor made up: nothing to reject it as
					throw (RuntimeException) reason;
				}
				RejectedRecordException rejected = new RejectedRecordException(origin, -1, "the database refused the row: "
						+ RejectSkipPolicy.rootMessage(reason) + "; fix or remove the row");
				rejected.initCause(reason); // the database's refusal, for the advice after a spent skip limit
				RejectSkipPolicy.take(partition, rejected);
				partition.pending.add(rejected);
			}

		};
	}

	@SuppressWarnings("unchecked")
	private static Chunk<Object> items(Chunk<?> chunk) {
		return (Chunk<Object>) chunk;
	}

	/** Takes a chunk that rolled back silently out of the step's counts ({@link io.rowlift.progress.ChunkCommitGuard#correct}). */
	@Override
	public ExitStatus afterStep(StepExecution step) {
		try {
			this.partitions.current().commits.correct(step);
		}
		catch (IllegalStateException ex) {
			// not open on this thread: nothing written
		}
		return null;
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
		partition.commits.check();
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
