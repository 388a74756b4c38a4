package io.rowlift.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Consumer;

import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;

/**
 * The one owner of {@value #NAME}, where the rejected records of a load are staged: its DDL, the
 * staging insert (on the chunk's connection, so a reject commits or rolls back with its chunk and is
 * never lost or written twice), the count and the export the reject files are made from. Knows no
 * file format: the export hands out each reject's raw bytes and location. An instance is bound to
 * one load (job instance id, column {@code RUN_ID}). Thread-safe.
 */
public final class RejectTable {

	/** The table. */
	public static final String NAME = "ROWLIFT_REJECT";

	/**
	 * One staged reject.
	 * @param line physical line of the problem
	 * @param offset byte offset of the problem (the field, or the record)
	 * @param field 1-based field, 0 for the record as a whole
	 * @param reason why it was rejected
	 * @param raw the record as it is in the file
	 */
	public record Reject(long line, long offset, int field, String reason, byte[] raw) {
	}

	/**
	 * How the reason of a row moved here after the load begins: a row that repeated the key of a unique
	 * index the load had dropped ({@link UniqueDuplicates}). Counted apart: it was written, then removed.
	 */
	public static final String DUPLICATE = "duplicate of ";

	private final long run;

	/** @param run the load's run (job instance id) */
	public RejectTable(long run) {
		this.run = run;
	}

	/** The load's run (job instance id). */
	public long run() {
		return this.run;
	}

	/** Creates the table when missing; left alone when present. */
	public static void ensure(Connection connection, TargetDialect dialect) throws SQLException {
		if (TableInfo.read(connection, NAME).isEmpty()) {
			try (Statement st = connection.createStatement()) {
				st.execute(ddl(dialect));
			}
		}
	}

	/** The table's DDL ({@code io.rowlift.schema.RowliftSchema} creates it when missing). */
	public static String ddl(TargetDialect dialect) {
		return "CREATE TABLE " + NAME + " (RUN_ID BIGINT NOT NULL, BYTE_OFFSET BIGINT NOT NULL,"
				+ " LINE BIGINT NOT NULL, FIELD_NO INT NOT NULL, FIELD_OFFSET BIGINT NOT NULL, REASON "
				+ dialect.sql().textType() + " NOT NULL, RAW " + dialect.sql().blobType() + " NOT NULL, PRIMARY KEY (RUN_ID, BYTE_OFFSET))";
	}

	/** Inserts one reject, on the chunk's connection. */
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

	/** The rejects this load committed. */
	public long count(JdbcTemplate jdbc) {
		Long count = jdbc.queryForObject("SELECT COUNT(*) FROM " + NAME + " WHERE RUN_ID = ?", Long.class, this.run);
		return count == null ? 0 : count;
	}

	/** The rejects of this load that were written first and then removed as duplicates ({@link #DUPLICATE}). */
	public long countDuplicates(JdbcTemplate jdbc) {
		Long count = jdbc.queryForObject("SELECT COUNT(*) FROM " + NAME + " WHERE RUN_ID = ? AND REASON LIKE ?", Long.class,
				this.run, DUPLICATE + "%");
		return count == null ? 0 : count;
	}

	/** Hands each reject of this load to {@code each}, in file order. */
	public void export(JdbcTemplate jdbc, Consumer<Reject> each) {
		jdbc.query("SELECT LINE, FIELD_OFFSET, FIELD_NO, REASON, RAW FROM " + NAME + " WHERE RUN_ID = ? ORDER BY BYTE_OFFSET",
				rs -> {
					each.accept(new Reject(rs.getLong(1), rs.getLong(2), rs.getInt(3), rs.getString(4), rs.getBytes(5)));
				}, this.run);
	}

}
