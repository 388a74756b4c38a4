package io.rowlift.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;

/**
 * Stages rejected records of one load run in {@value #NAME}, on the chunk's connection, so a reject
 * commits or rolls back with its chunk and is never lost or written twice. The reject files are made
 * from this table after the run. Thread-safe.
 */
public final class RejectTable {

	/** The table. */
	public static final String NAME = "ROWLIFT_REJECT";

	private final long run;

	/** @param run the load's run (job instance id) */
	public RejectTable(long run) {
		this.run = run;
	}

	/** Inserts one reject. */
	public void stage(Connection connection, RawRecord record, byte[] raw, Location where, String reason) throws SQLException {
		try (PreparedStatement ps = connection.prepareStatement("INSERT INTO " + NAME
				+ " (RUN_ID, BYTE_OFFSET, LINE, FIELD_NO, FIELD_OFFSET, REASON, RAW) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
			ps.setLong(1, this.run);
			ps.setLong(2, record.offset());
			ps.setLong(3, where.line());
			ps.setInt(4, where.column());
			ps.setLong(5, where.offset());
			ps.setString(6, reason);
			ps.setBytes(7, raw);
			ps.executeUpdate();
		}
	}

}
