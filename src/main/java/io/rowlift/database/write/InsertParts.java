package io.rowlift.database.write;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import io.rowlift.model.RawRecord;

/**
 * A part of a refused group of INSERTs, as the {@link ChunkBisection} writes it: one atomic INSERT where
 * {@link AtomicInserts#fits}, else bound again into the chunk's statements (or, without them, statements of the
 * part's own); a row refused alone is deferred as a reject with the database's reason. One per refused group
 * (or per chunk of atomic groups): not thread-safe.
 */
final class InsertParts implements ChunkBisection.Part<RawRecord> {

	private final InsertStatements inserts;

	private final AtomicInserts atomic;

	private final Connection connection;

	private final ChunkStatements statements;

	private final RejectHandling rejects;

	/** @param statements the chunk's statements, to bind a part into again; null: a part prepares its own */
	InsertParts(InsertStatements inserts, AtomicInserts atomic, Connection connection, ChunkStatements statements,
			RejectHandling rejects) {
		this.inserts = inserts;
		this.atomic = atomic;
		this.connection = connection;
		this.statements = statements;
		this.rejects = rejects;
	}

	@Override
	public boolean atomic(List<RawRecord> rows) {
		return this.atomic.fits(rows);
	}

	@Override
	public Exception write(List<RawRecord> rows) throws SQLException {
		if (atomic(rows)) {
			return this.inserts.insertAtomic(this.connection, rows);
		}
		if (this.statements == null) {
			try (ChunkStatements own = this.inserts.openFor(this.connection, rows.size())) {
				this.inserts.bindAll(own, rows);
				return this.inserts.execute(this.connection, own, rows.size());
			}
		}
		this.inserts.bindAll(this.statements, rows);
		return this.inserts.execute(this.connection, this.statements, rows.size());
	}

	@Override
	public Exception writeAlone(RawRecord row) throws SQLException {
		if (atomic(List.of(row))) {
			return this.inserts.insertAtomic(this.connection, List.of(row));
		}
		if (this.statements == null) {
			return this.inserts.insertAlone(this.connection, row);
		}
		return this.inserts.insertOne(this.connection, this.statements, row);
	}

	@Override
	public void refused(RawRecord row, Exception reason) throws SQLException {
		this.rejects.defer(row, this.inserts.refused(row, (SQLException) reason));
	}

}
