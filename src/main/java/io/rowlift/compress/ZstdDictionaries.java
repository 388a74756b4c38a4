package io.rowlift.compress;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/**
 * The table of the dictionaries compressed values name ({@value #TABLE}): one row per load that trained one,
 * {@code ID} (the number in each value's header), {@code TRAINED_AT} (ISO-8601), {@code TABLE_NAME} (the table
 * it was trained for) and {@code BYTES} (the dictionary, as {@code zstd -D} takes it). Rows are only ever added:
 * a value names its dictionary for as long as it exists. Stateless; the statements run on the caller's
 * connection and in its transaction.
 */
public final class ZstdDictionaries {

	/** The table's name (upper case, as Rowlift's other tables). */
	public static final String TABLE = "ROWLIFT_ZSTD_DICTIONARIES";

	private static final int ATTEMPTS = 5;

	private ZstdDictionaries() {
	}

	/**
	 * Creates the table when it is missing; safe to repeat and from two processes at once.
	 * @param blobType the database's type for long bytes ({@code BLOB}, {@code LONGBLOB})
	 */
	public static void ensure(Connection connection, String blobType) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (ID INT NOT NULL PRIMARY KEY, TRAINED_AT VARCHAR(40) NOT NULL,"
					+ " TABLE_NAME VARCHAR(200) NOT NULL, BYTES " + blobType + " NOT NULL)");
		}
	}

	/**
	 * Adds {@code dictionary} with the next free ID (one more than the largest; another load that takes the same
	 * one at the same time makes this try again) and commits when the connection does not auto-commit.
	 * @return its ID
	 */
	public static int store(Connection connection, String blobType, String table, byte[] dictionary) throws SQLException {
		ensure(connection, blobType);
		SQLException last = null;
		for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
			int id = next(connection);
			try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + TABLE
					+ " (ID, TRAINED_AT, TABLE_NAME, BYTES) VALUES (?, ?, ?, ?)")) {
				insert.setInt(1, id);
				insert.setString(2, Instant.now().toString());
				insert.setString(3, table);
				insert.setBytes(4, dictionary);
				insert.executeUpdate();
				if (!connection.getAutoCommit()) {
					connection.commit();
				}
				return id;
			}
			catch (SQLException ex) { // the ID taken by another load in between: the next one
				if (!connection.getAutoCommit()) {
					connection.rollback();
				}
				last = ex;
			}
		}
		throw last;
	}

	private static int next(Connection connection) throws SQLException {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT MAX(ID) FROM " + TABLE)) {
			return rs.next() ? rs.getInt(1) + 1 : 1;
		}
	}

	/**
	 * The dictionary {@code id}.
	 * @throws SQLException when there is none: the values naming it were stored in another database, or its row
	 *     was deleted
	 */
	public static byte[] load(Connection connection, int id) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement("SELECT BYTES FROM " + TABLE + " WHERE ID = ?")) {
			select.setInt(1, id);
			try (ResultSet rs = select.executeQuery()) {
				if (rs.next()) {
					return rs.getBytes(1);
				}
			}
		}
		catch (SQLException ex) {
			if (!tableExists(connection)) {
				throw new SQLException("no table " + TABLE + " in this database: the compressed values were loaded into "
						+ "another database; read them with a connection to that one", ex);
			}
			throw ex;
		}
		throw new SQLException(TABLE + " has no dictionary " + id + ": the compressed values naming it were loaded "
				+ "into another database, or its row was deleted; read them with a connection to the database they were loaded into");
	}

	private static boolean tableExists(Connection connection) {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + TABLE)) {
			return rs.next();
		}
		catch (SQLException ex) {
			return false;
		}
	}

}
