package io.rowlift.cluster;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

import javax.sql.DataSource;

import io.rowlift.schema.RowliftSchema;

/**
 * The workers' heartbeat rows in the job repository's database ({@value RowliftSchema#HEARTBEATS}): per
 * worker ({@code host:pid}) a count of beats and the interval it beats at. A count, not a time: whoever
 * reads it tells a stopped heart by its own clock ({@link HolderWatch}), so the machines' clocks need not
 * agree. Each call uses a pooled connection of its own in auto-commit, never a chunk's transaction.
 * Thread-safe.
 */
final class Heartbeats {

	/**
	 * A worker's row as last written.
	 * @param beats how many times it has beaten since it started
	 * @param interval how often it beats ({@code rowlift.cluster.heartbeat-interval} of that worker)
	 */
	record Beat(long beats, Duration interval) {
	}

	private final DataSource dataSource;

	Heartbeats(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	/** One beat of {@code worker}: its count raised by one (its row made at the first). */
	void beat(String worker, Duration interval) throws SQLException {
		try (Connection c = this.dataSource.getConnection()) {
			int updated;
			try (PreparedStatement ps = c.prepareStatement("UPDATE " + RowliftSchema.HEARTBEATS
					+ " SET BEATS = BEATS + 1, INTERVAL_MS = ? WHERE WORKER = ?")) {
				ps.setLong(1, interval.toMillis());
				ps.setString(2, worker);
				updated = ps.executeUpdate();
			}
			if (updated == 0) { // only this process writes its row: no other insert can race this one
				try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + RowliftSchema.HEARTBEATS
						+ " (WORKER, BEATS, INTERVAL_MS) VALUES (?, 1, ?)")) {
					ps.setString(1, worker);
					ps.setLong(2, interval.toMillis());
					ps.executeUpdate();
				}
			}
			if (!c.getAutoCommit()) {
				c.commit();
			}
		}
	}

	/** Removes {@code worker}'s row (a worker that stops). */
	void remove(String worker) throws SQLException {
		try (Connection c = this.dataSource.getConnection();
				PreparedStatement ps = c.prepareStatement("DELETE FROM " + RowliftSchema.HEARTBEATS + " WHERE WORKER = ?")) {
			ps.setString(1, worker);
			ps.executeUpdate();
			if (!c.getAutoCommit()) {
				c.commit();
			}
		}
	}

	/** Every worker's row, by worker; empty when the table cannot be read now (or is missing). */
	java.util.Map<String, Beat> readAll() {
		java.util.Map<String, Beat> all = new java.util.HashMap<>();
		try (Connection c = this.dataSource.getConnection();
				PreparedStatement ps = c.prepareStatement("SELECT WORKER, BEATS, INTERVAL_MS FROM " + RowliftSchema.HEARTBEATS);
				ResultSet rs = ps.executeQuery()) {
			while (rs.next()) {
				all.put(rs.getString(1), new Beat(rs.getLong(2), Duration.ofMillis(rs.getLong(3))));
			}
			if (!c.getAutoCommit()) {
				c.commit();
			}
		}
		catch (SQLException ex) {
			all.clear();
		}
		return all;
	}

	/**
	 * {@code worker}'s row; empty when it has none (a worker of a version without heartbeats, one that stopped,
	 * or no table yet), or when the database cannot be read now: then only the lease tells whether it is gone.
	 */
	Optional<Beat> read(String worker) {
		try (Connection c = this.dataSource.getConnection();
				PreparedStatement ps = c.prepareStatement("SELECT BEATS, INTERVAL_MS FROM " + RowliftSchema.HEARTBEATS
						+ " WHERE WORKER = ?")) {
			ps.setString(1, worker);
			try (ResultSet rs = ps.executeQuery()) {
				Optional<Beat> beat = rs.next() ? Optional.of(new Beat(rs.getLong(1), Duration.ofMillis(rs.getLong(2)))) : Optional.empty();
				if (!c.getAutoCommit()) {
					c.commit();
				}
				return beat;
			}
		}
		catch (SQLException ex) {
			return Optional.empty();
		}
	}

}
