package io.rowlift.schedule;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.load.InboxTable;

/**
 * The service's memory of inbox files, in the target database ({@link RowliftSchema#INBOX}) so that
 * every service loading into that database shares it: per content fingerprint and table, the path
 * the file was last seen at (with its size and modification time), its state, its attempts and
 * their reasons, and the run that loaded it. Written only under the table's run lock, so two services
 * never change one row at once. Thread-safe (stateless beyond the data source).
 */
final class InboxLedger {

	/** What the service knows of a file's content. */
	enum State {

		/** An attempt started and has not been recorded as ended (a process that ended in the middle). */
		LOADING,

		/** An attempt failed; the next tick tries again. */
		RETRY,

		/** Loaded completely. */
		LOADED,

		/** Moved to {@code failed/} after its last attempt. */
		FAILED

	}

	private final JdbcTemplate jdbc;

	private final InboxTable table;

	private volatile boolean ensured;

	InboxLedger(DataSource dataSource, InboxTable table) {
		this.table = table;
		this.jdbc = new JdbcTemplate(dataSource);
	}

	/**
	 * Creates the table when missing (once per process), after the operator's migrations (Flyway
	 * refuses a database that has tables but no history yet). Under a run lock, as a load migrates.
	 */
	void ensure() throws java.sql.SQLException {
		if (!this.ensured) {
			this.table.ensure();
			this.ensured = true;
		}
	}

	Optional<Row> find(String content, String table) {
		List<Row> rows = this.jdbc.query("SELECT FILE_PATH, FILE_STAMP, STATE, ATTEMPTS, RUN_ID, REASONS FROM " + InboxTable.NAME
				+ " WHERE CONTENT = ? AND TABLE_NAME = ?", (rs, i) -> {
					long run = rs.getLong(5);
					return new Row(content, table, rs.getString(1), rs.getString(2), State.valueOf(rs.getString(3)), rs.getInt(4),
							rs.wasNull() ? null : run, rs.getString(6));
				}, content, table);
		return rows.stream().findFirst();
	}

	/** Records {@code row}, replacing what was known of its content and table. */
	void save(Row row) {
		String now = Instant.now().toString();
		int updated = this.jdbc.update("UPDATE " + InboxTable.NAME + " SET FILE_PATH = ?, FILE_STAMP = ?, STATE = ?, ATTEMPTS = ?,"
				+ " RUN_ID = ?, REASONS = ?, UPDATED_AT = ? WHERE CONTENT = ? AND TABLE_NAME = ?", row.path(), row.stamp(),
				row.state().name(), row.attempts(), row.run(), row.reasons(), now, row.content(), row.table());
		if (updated == 0) {
			this.jdbc.update("INSERT INTO " + InboxTable.NAME + " (CONTENT, TABLE_NAME, FILE_PATH, FILE_STAMP, STATE, ATTEMPTS,"
					+ " RUN_ID, REASONS, UPDATED_AT) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row.content(), row.table(), row.path(),
					row.stamp(), row.state().name(), row.attempts(), row.run(), row.reasons(), now);
		}
	}

	/**
	 * One file content's record.
	 *
	 * @param content the content fingerprint ({@code size:sha256})
	 * @param table the table it goes into
	 * @param path where it was last seen
	 * @param stamp its size and modification time there, {@code size:millis}
	 * @param state what became of it
	 * @param attempts attempts started so far (those of a content that went to {@code failed/} and came back start anew)
	 * @param run the run that loaded it, or the last run that tried; null before a run
	 * @param reasons one line per failed attempt (time, attempt, message), or null
	 */
	record Row(String content, String table, String path, String stamp, State state, int attempts, Long run, String reasons) {

		Row with(State state, int attempts, Long run, String reasons) {
			return new Row(this.content, this.table, this.path, this.stamp, state, attempts, run, reasons);
		}

		Row at(String path, String stamp) {
			return new Row(this.content, this.table, path, stamp, this.state, this.attempts, this.run, this.reasons);
		}

	}

}
