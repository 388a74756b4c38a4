package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import javax.sql.DataSource;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;
import org.springframework.jdbc.datasource.DataSourceUtils;

import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.mapping.RecordFilter;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.database.write.BulkSink;
import io.rowlift.database.write.ChunkBisection;
import io.rowlift.database.write.InsertBatchSink;
import io.rowlift.database.write.RejectHandling;
import io.rowlift.database.write.RowsBufferSink;
import io.rowlift.expr.ExpressionException;
import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;
import io.rowlift.progress.PartitionProgress;

/**
 * Writes a chunk of records on the chunk transaction's connection, so the rows, the staged rejects
 * and the reader's saved offset commit or roll back together, through the sink of the write method's
 * {@link WritePath} (the dialect tells it: {@link WritePaths#path}): the {@link InsertBatchSink}
 * (JDBC batches of INSERTs), the {@link BulkSink} for {@link WritePath.Sink#ROW_STREAM} (one stream to the
 * dialect's {@link BulkLoader}), or the {@link RowsBufferSink} for {@link WritePath.Sink#STATEMENT_PER_CHUNK}
 * (one buffer and statement per chunk to the dialect's {@link RowsLoader}).
 * Each binds every field straight from the record's bytes ({@link RecordBinder}) and hands bad
 * records, and rows the database refused (found by the {@link ChunkBisection} the sinks share), to the
 * {@link RejectHandling}: staged in {@value RejectTable#NAME} within the load's {@link RejectBudget},
 * or, beyond it, the chunk fails with the record's location. This class only orchestrates: one
 * sink per chunk, and the counts.
 *
 * <p>In mode {@code upsert} or {@code ignore} ({@link KeyMatching}) the sinks write with the dialect's
 * matching paths ({@link WritePaths#bulkLoader}, {@link WritePaths#rowsLoader}), or INSERT batches where
 * there is none,
 * and each applied row is counted as written (inserted: its key was not in the table) or as updated /
 * ignored (its key was there).
 *
 * <p>With a row filter ({@link RecordFilter}), the records it drops are taken out of the chunk before
 * any sink binds it and counted as filtered; a record it cannot evaluate is rejected with the others of
 * the chunk, in file order.
 *
 * <p><b>Restart:</b> saves the rows written, rejected, filtered, updated and ignored by its partition (its
 * part of the {@link PartitionProgress}) in the step context, committed with the chunk. One instance per
 * partition: not thread-safe.
 */
public final class JdbcRowWriter implements ItemStreamWriter<RawRecord> {

	private final DataSource dataSource;

	private final InsertBatchSink inserts;

	/** The bulk sink, or null when the write method does not stream rows. */
	private final BulkSink bulk;

	/** The one-statement-per-chunk sink, or null when the write method has no such path. */
	private final RowsBufferSink select;

	private final RejectHandling rejects;

	/** Finds the rows the database refused in a chunk; shared by the sinks. */
	private final ChunkBisection bisection;

	/** How rows are matched on a key, or null (append). */
	private final KeyMatching matching;

	private long written;

	/** Rows whose key matched: updated (upsert) or ignored (ignore). */
	private long matched;

	private long writtenAtOpen;

	/** The row filter, or null. */
	private final RecordFilter filter;

	/** Records the filter dropped, over all runs, committed chunks only. */
	private long filtered;

	public JdbcRowWriter(DataSource dataSource, TargetDialect dialect, TableMapping mapping, ValueFormats formats,
			WriteMethod method, RecordLocator locator, RejectBudget budget, RejectTable rejects) {
		this(dataSource, dialect, mapping, formats, method, locator, budget, rejects, null);
	}

	/** @param matching how rows are matched on a key (upsert, ignore), or null (append) */
	public JdbcRowWriter(DataSource dataSource, TargetDialect dialect, TableMapping mapping, ValueFormats formats,
			WriteMethod method, RecordLocator locator, RejectBudget budget, RejectTable rejects, KeyMatching matching) {
		this(dataSource, dialect, mapping, formats, method, locator, budget, rejects, matching, Checkpoints.NONE);
	}

	/**
	 * @param matching how rows are matched on a key (upsert, ignore), or null (append)
	 * @param checkpoints told {@value ChunkBisection#CHECKPOINT} in the middle of a bisection (tests only)
	 */
	public JdbcRowWriter(DataSource dataSource, TargetDialect dialect, TableMapping mapping, ValueFormats formats,
			WriteMethod method, RecordLocator locator, RejectBudget budget, RejectTable rejects, KeyMatching matching,
			Checkpoints checkpoints) {
		this.dataSource = dataSource;
		this.matching = matching;
		RecordBinder binder = new RecordBinder(dialect, mapping, formats, locator);
		this.bisection = new ChunkBisection(checkpoints);
		WritePaths writing = dialect.writing();
		WritePath.Sink sink = writing.path(method).sink();
		this.inserts = new InsertBatchSink(dialect, mapping, binder, matching, sink == WritePath.Sink.BOUND_INSERT_BATCHES,
				this.bisection);
		BulkLoader bulkLoader = sink == WritePath.Sink.ROW_STREAM ? writing.bulkLoader(mapping, matching) : null;
		if (sink == WritePath.Sink.ROW_STREAM && bulkLoader == null && matching == null) {
			throw new IllegalArgumentException(dialect.id() + " has no bulk load path for write method " + method.setting());
		}
		this.bulk = bulkLoader != null ? new BulkSink(bulkLoader, matching == null ? writing.refusalStage(mapping) : null, binder,
				this.inserts, this.bisection) : null;
		RowsLoader loader = sink == WritePath.Sink.STATEMENT_PER_CHUNK ? writing.rowsLoader(mapping, matching) : null;
		this.select = loader != null ? new RowsBufferSink(loader, binder, this.inserts, dialect,
				matching != null ? matching.counter() : null, this.bisection) : null;
		this.rejects = new RejectHandling(budget, rejects, locator);
		this.filter = RecordFilter.of(mapping, formats.charset(), locator);
	}

	@Override
	public void open(ExecutionContext context) {
		PartitionProgress progress = PartitionProgress.readFrom(context);
		this.written = progress.written();
		this.writtenAtOpen = this.written;
		// saved at once: a run that fails before its first commit must count none of the earlier runs' rows as its own
		PartitionProgress.saveWritten(context, this.written, progress.rejected(), this.writtenAtOpen);
		PartitionProgress.saveUpdatedAtOpen(context, progress.updated());
		this.filtered = progress.filtered();
		this.matched = this.matching != null && this.matching.mode() == LoadMode.IGNORE ? progress.ignored() : progress.updated();
		this.rejects.open(progress.rejected());
	}

	@Override
	public void update(ExecutionContext context) {
		PartitionProgress.saveWritten(context, this.written, this.rejects.rejected(), this.writtenAtOpen);
		if (this.filter != null) {
			PartitionProgress.saveFiltered(context, this.filtered);
		}
		if (this.matching != null) {
			boolean ignore = this.matching.mode() == LoadMode.IGNORE;
			PartitionProgress.saveMatched(context, ignore ? 0 : this.matched, ignore ? this.matched : 0);
		}
	}

	/** The matched rows the sinks counted since the last call: the bulk or one-statement sink's and their fallback's. */
	private long takeMatched() {
		return this.inserts.takeMatched() + (this.bulk != null ? this.bulk.takeMatched() : 0)
				+ (this.select != null ? this.select.takeMatched() : 0);
	}

	@Override
	public void write(Chunk<? extends RawRecord> chunk) throws SQLException {
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		this.rejects.chunkStarted();
		boolean done = false;
		try {
			takeMatched(); // nothing of a failed chunk is carried over
			List<? extends RawRecord> records = chunk.getItems();
			long dropped = 0;
			if (this.filter != null) {
				records = filter(records);
				dropped = chunk.size() - records.size() - this.rejects.deferred();
			}
			long applied = records.isEmpty() ? 0
					: this.bulk != null ? this.bulk.write(connection, records, this.rejects)
					: this.select != null ? this.select.write(connection, records, this.rejects)
					: this.inserts.write(connection, records, this.rejects);
			if (records.isEmpty()) {
				this.rejects.rejectDeferred(connection);
			}
			long matched = takeMatched();
			this.written += applied - matched;
			this.matched += matched;
			this.filtered += dropped;
			done = true;
		}
		finally {
			if (!done) {
				this.rejects.chunkFailed();
				this.bisection.chunkFailed();
			}
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
	}

	/**
	 * The records of the chunk the filter keeps, in order; a record it cannot evaluate is deferred as a
	 * reject (staged with the sink's, in file order, after the rows are written).
	 */
	private List<RawRecord> filter(List<? extends RawRecord> records) {
		List<RawRecord> kept = new java.util.ArrayList<>(records.size());
		for (RawRecord record : records) {
			try {
				if (this.filter.keeps(record)) {
					kept.add(record);
				}
			}
			catch (ExpressionException ex) {
				this.rejects.defer(record, this.filter.rejection(record, ex));
			}
		}
		return kept;
	}

}
