package io.rowlift.database;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

import javax.sql.DataSource;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;
import org.springframework.jdbc.datasource.DataSourceUtils;

import io.rowlift.TestHooks;
import io.rowlift.model.BadRecordException;
import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Writes a chunk of records on the chunk transaction's connection, so the rows, the staged rejects
 * and the reader's saved offset commit or roll back together: with one JDBC batch of INSERTs, or
 * (write method {@link WriteMethod#LOAD_DATA}) as one stream to the dialect's {@link BulkLoader}.
 *
 * <p>Each field is converted by its column's {@link ColumnBinder} straight from the record's bytes.
 * A bad record (not valid CSV, wrong number of fields, a value that does not fit) is rejected:
 * staged in {@value RejectTable#NAME} in the same transaction, within the load's
 * {@link RejectBudget}, or, beyond it, the chunk fails with the record's location. When the database
 * refuses the batch (a key, NOT NULL or CHECK constraint, a value it will not store), the batch is
 * rolled back to a savepoint and the chunk's rows are inserted one by one, so the error is traced
 * to its row and only that row is rejected. A bulk load that the database did not take whole is
 * rolled back to a savepoint the same way and the chunk goes through that INSERT path.
 *
 * <p><b>Restart:</b> saves the rows written ({@value #WRITTEN}) and rejected ({@value #REJECTED}) by
 * its partition in the step context, committed with the chunk. One instance per partition (step
 * scope): not thread-safe.
 */
public final class JdbcRowWriter implements ItemStreamWriter<RawRecord> {

	/** Context key: rows this partition inserted, over all runs. */
	public static final String WRITTEN = "writer.written";

	/** Context key: records this partition rejected, over all runs. */
	public static final String REJECTED = "writer.rejected";

	/** Context key: {@value #WRITTEN} when this run opened the partition, so this run's rows are the difference. */
	public static final String WRITTEN_AT_OPEN = "writer.written-at-open";

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final String sql;

	private final int rowsPerInsert;

	private final String multiSql;

	private final TableMapping mapping;

	private final ColumnBinder[] binders;

	private final BulkLoader bulk;

	private final TsvRows rows;

	/** Bytes of rows bound at a time for the bulk loader's stream. */
	private static final int STREAM_BLOCK = 64 << 10;

	private final Function<RawRecord, byte[]> chunkOrder;

	private final RecordLocator locator;

	private final RejectBudget budget;

	private final RejectTable rejects;

	private final boolean miscount;

	private long written;

	private long rejected;

	private long writtenAtOpen;

	private int chunks;

	/**
	 * @param chunkOrder when not null, each chunk is written sorted by this key (then by file offset)
	 * @param miscount test hook: count one row less than written, once (to prove the accounting check)
	 */
	public JdbcRowWriter(DataSource dataSource, TargetDialect dialect, TableMapping mapping, ValueFormats formats,
			WriteMethod method, Function<RawRecord, byte[]> chunkOrder, RecordLocator locator,
			RejectBudget budget, RejectTable rejects, boolean miscount) {
		this.chunkOrder = chunkOrder;
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.mapping = mapping;
		this.sql = mapping.insertSql(dialect);
		this.rowsPerInsert = dialect.rowsPerInsert(mapping.columns().size());
		this.multiSql = this.rowsPerInsert > 1 ? mapping.insertSql(dialect, this.rowsPerInsert) : null;
		this.binders = mapping.columns()
			.stream()
			.map(column -> ColumnBinder.forColumn(column, dialect, formats))
			.toArray(ColumnBinder[]::new);
		this.bulk = method == WriteMethod.LOAD_DATA ? dialect.bulkLoader(mapping) : null;
		if (method == WriteMethod.LOAD_DATA && this.bulk == null) {
			throw new IllegalArgumentException(dialect.id() + " has no bulk load path");
		}
		this.rows = this.bulk != null ? new TsvRows() : null;
		this.locator = locator;
		this.budget = budget;
		this.rejects = rejects;
		this.miscount = miscount;
	}

	@Override
	public void open(ExecutionContext context) {
		this.written = context.getLong(WRITTEN, 0L);
		this.rejected = context.getLong(REJECTED, 0L);
		this.writtenAtOpen = this.written;
	}

	@Override
	public void update(ExecutionContext context) {
		context.putLong(WRITTEN, this.written);
		context.putLong(REJECTED, this.rejected);
		context.putLong(WRITTEN_AT_OPEN, this.writtenAtOpen);
	}

	@Override
	public void write(Chunk<? extends RawRecord> chunk) throws SQLException {
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		long taken = 0;
		long writtenBefore = this.written;
		long rejectedBefore = this.rejected;
		boolean done = false;
		try (PreparedStatement statement = connection.prepareStatement(this.sql);
				PreparedStatement multi = this.multiSql != null && this.bulk == null ? connection.prepareStatement(this.multiSql)
						: null) {
			StatementSink one = new StatementSink(statement);
			List<? extends RawRecord> records = this.chunkOrder == null ? chunk.getItems() : sorted(chunk.getItems());
			if (this.bulk != null) {
				taken += writeBulk(connection, records, one);
			}
			else {
				taken += writeInserts(connection, records, one, multi);
			}
			if (++this.chunks == 2 && this.locator.partition() == 0) {
				TestHooks.pause("load");
			}
			done = true;
		}
		finally {
			if (!done) {
				this.budget.giveBack(taken);
				this.written = writtenBefore;
				this.rejected = rejectedBefore;
			}
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
	}

	/**
	 * Binds the chunk into INSERT batches and runs them. Returns the records it counted against the
	 * reject budget; when it fails, it gives them back itself.
	 */
	private long writeInserts(Connection connection, List<? extends RawRecord> chunk, StatementSink one,
			PreparedStatement multi) throws SQLException {
		PreparedStatement statement = one.statement();
		StatementSink many = multi != null ? new StatementSink(multi) : null;
		long taken = 0;
		try {
			List<RawRecord> batched = new ArrayList<>(chunk.size());
			int slot = 0; // records bound into the multi-row statement's current group
			for (RawRecord record : chunk) {
				Bad bad = many != null ? bind(many, slot * this.binders.length, record) : bind(one, 0, record);
				if (bad != null) {
					reject(connection, record, bad);
					taken++;
					if (multi == null) {
						statement.clearParameters();
					}
					continue; // in the multi-row statement the next record overwrites this slot
				}
				batched.add(record);
				if (multi == null) {
					statement.addBatch();
				}
				else if (++slot == this.rowsPerInsert) {
					multi.addBatch();
					slot = 0;
				}
			}
			for (int i = batched.size() - slot; i < batched.size(); i++) { // the last group, not full: row by row
				bind(one, 0, batched.get(i));
				statement.addBatch();
			}
			if (!batched.isEmpty()) {
				taken += insert(connection, multi, one, batched);
			}
			return taken;
		}
		catch (SQLException | RuntimeException ex) {
			this.budget.giveBack(taken);
			throw ex;
		}
	}

	/**
	 * Sends the chunk to the bulk loader as one stream that binds its records as the driver reads it,
	 * so the database takes the first rows while the next are bound (bound first and then sent, the
	 * server sat idle a quarter of the time on the keys benchmark: 75 % of a core for the server, 35 %
	 * for the JVM). Records refused while binding are staged as rejects after the load, on the same
	 * connection. If the database does not take every row cleanly, rolls the load back and writes the
	 * chunk's good records with INSERTs. Same budget bookkeeping as {@link #writeInserts}.
	 */
	private long writeBulk(Connection connection, List<? extends RawRecord> chunk, StatementSink one) throws SQLException {
		long taken = 0;
		try {
			ChunkStream stream = new ChunkStream(chunk);
			Savepoint savepoint = connection.setSavepoint();
			long took = this.bulk.load(connection, stream);
			stream.finish(); // a load that stopped early (the server refused it) left records unbound
			boolean clean = took == stream.batched.size();
			if (!clean) {
				connection.rollback(savepoint);
			}
			for (int i = 0; i < stream.refused.size(); i++) {
				reject(connection, stream.refused.get(i), stream.reasons.get(i));
				taken++;
			}
			if (clean) {
				count(took);
				return taken;
			}
			for (RawRecord record : stream.batched) {
				bind(one, 0, record);
				one.statement().addBatch();
			}
			taken += insert(connection, null, one, stream.batched);
			return taken;
		}
		catch (SQLException | RuntimeException ex) {
			this.budget.giveBack(taken);
			throw ex;
		}
	}

	/**
	 * A chunk as the bulk loader's stream, bound {@value #STREAM_BLOCK} bytes at a time as it is read;
	 * collects the records it sent and those it refused, in chunk order. Not thread-safe (the driver
	 * reads it on the writer's thread).
	 */
	private final class ChunkStream extends InputStream {

		private final Iterator<? extends RawRecord> records;

		final List<RawRecord> batched;

		final List<RawRecord> refused = new ArrayList<>();

		final List<Bad> reasons = new ArrayList<>();

		private int position;

		private final byte[] single = new byte[1];

		ChunkStream(List<? extends RawRecord> chunk) {
			this.records = chunk.iterator();
			this.batched = new ArrayList<>(chunk.size());
			JdbcRowWriter.this.rows.clear();
		}

		@Override
		public int read(byte[] to, int offset, int length) throws IOException {
			if (length == 0) {
				return 0;
			}
			TsvRows rows = JdbcRowWriter.this.rows;
			while (this.position >= rows.size()) {
				if (!this.records.hasNext()) {
					return -1;
				}
				rows.clear();
				this.position = 0;
				try {
					bindSome(STREAM_BLOCK);
				}
				catch (SQLException ex) {
					throw new IOException(ex);
				}
			}
			int n = rows.copy(this.position, to, offset, length);
			this.position += n;
			return n;
		}

		@Override
		public int read() throws IOException {
			return read(this.single, 0, 1) < 0 ? -1 : this.single[0] & 0xff;
		}

		/** Binds what the driver did not read, so that the refused and sent records are all known. */
		void finish() throws SQLException {
			if (this.records.hasNext()) {
				JdbcRowWriter.this.rows.clear();
				bindSome(Integer.MAX_VALUE);
			}
		}

		private void bindSome(int bytes) throws SQLException {
			TsvRows rows = JdbcRowWriter.this.rows;
			while (rows.size() < bytes && this.records.hasNext()) {
				RawRecord record = this.records.next();
				rows.beginRow();
				Bad bad = bind(rows, 0, record);
				if (bad != null) {
					rows.discardRow();
					this.refused.add(record);
					this.reasons.add(bad);
				}
				else {
					rows.endRow();
					this.batched.add(record);
				}
			}
		}

	}

	/** The records in key order, equal keys in file order (a stable sort of a chunk in file order). */
	private List<RawRecord> sorted(List<? extends RawRecord> records) {
		byte[][] keys = new byte[records.size()][];
		Integer[] order = new Integer[records.size()];
		for (int i = 0; i < order.length; i++) {
			keys[i] = this.chunkOrder.apply(records.get(i));
			order[i] = i;
		}
		Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(keys[a], keys[b]));
		List<RawRecord> sorted = new ArrayList<>(order.length);
		for (Integer i : order) {
			sorted.add(records.get(i));
		}
		return sorted;
	}

	/** Runs the batch; if the database refuses it, inserts row by row and rejects the refused rows. Returns the rejects. */
	private long insert(Connection connection, PreparedStatement multi, StatementSink one, List<RawRecord> batched)
			throws SQLException {
		PreparedStatement statement = one.statement();
		Savepoint savepoint = connection.setSavepoint();
		try {
			if (multi != null) {
				multi.executeBatch();
			}
			statement.executeBatch();
			count(batched.size());
			return 0;
		}
		catch (SQLException ex) {
			if (!rowError(ex)) {
				throw ex;
			}
			connection.rollback(savepoint);
			statement.clearBatch();
			if (multi != null) {
				multi.clearBatch();
			}
		}
		long refused = 0;
		for (RawRecord record : batched) {
			bind(one, 0, record);
			try {
				statement.executeUpdate();
				count(1);
			}
			catch (SQLException ex) {
				if (!rowError(ex)) {
					throw ex;
				}
				reject(connection, record, new Bad(this.locator.where(record, -1), "the database refused the row: "
						+ ex.getMessage().strip() + "; fix or remove the row"));
				refused++;
			}
		}
		return refused;
	}

	/** A batch error may wrap the driver's own exception; any of them may say "this row". */
	private boolean rowError(SQLException error) {
		for (Throwable t = error; t != null; t = t.getCause() != null ? t.getCause()
				: t instanceof SQLException sql ? sql.getNextException() : null) {
			if (t instanceof SQLException sql && this.dialect.isRowError(sql)) {
				return true;
			}
		}
		return false;
	}

	private void count(long rows) {
		if (this.miscount && rows > 0 && this.written == 0) {
			this.written--; // test hook only: see the constructor
		}
		this.written += rows;
	}

	/** Binds the record, or says why it cannot be loaded. */
	private Bad bind(ValueSink sink, int base, RawRecord record) throws SQLException {
		if (record.problem() != null) {
			return new Bad(this.locator.where(record, record.problem()), record.problem().message());
		}
		int fieldCount = this.mapping.fieldCount();
		if (record.fieldCount() != fieldCount) {
			return new Bad(this.locator.where(record, -1), record.fieldCount() + " field" + (record.fieldCount() == 1 ? "" : "s")
					+ ", but the header has " + fieldCount
					+ "; a field with a delimiter or a line break inside must be quoted");
		}
		int[] fields = this.mapping.fields();
		for (int c = 0; c < this.binders.length; c++) {
			try {
				this.binders[c].bind(sink, base + c + 1, record, fields[c]);
			}
			catch (ValueException ex) {
				return new Bad(this.locator.where(record, fields[c]), ex.getMessage());
			}
		}
		return null;
	}

	private void reject(Connection connection, RawRecord record, Bad bad) throws SQLException {
		long number = this.budget.take();
		if (!this.budget.allows(number)) {
			String message = bad.where() + ": " + bad.problem();
			if (this.budget.limit() > 0) {
				message += "\nThat is bad record number " + number + ", more than rowlift.job.skip-limit=" + this.budget.limit()
						+ " allows: fix the file, or raise the limit and run the same command again to resume";
			}
			throw new BadRecordException(message);
		}
		this.rejects.stage(connection, record, this.locator.raw(record), bad.where(), bad.problem());
		this.rejected++;
	}

	private record Bad(Location where, String problem) {
	}

}
