package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkpoints beside the load on a real SQLite file: a writer that never checkpoints itself
 * ({@code wal_autocheckpoint=0}) still finds its pages in the database file, and closing lets go of the file.
 */
class WalCheckpointerTests {

	@TempDir
	Path dir;

	@Test
	void copiesWhatAWriterCommitsIntoTheFileWhileTheWriterOnlyAppendsToTheLog() throws Exception {
		Path file = this.dir.resolve("t.db");
		String url = "jdbc:sqlite:" + file + "?journal_mode=WAL&synchronous=NORMAL";
		try (Connection writer = DriverManager.getConnection(url); Statement st = writer.createStatement()) {
			st.execute("PRAGMA wal_autocheckpoint = 0"); // only the checkpointer copies pages into the file
			st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)");
			long before = Files.size(file);
			try (WalCheckpointer checkpointer = WalCheckpointer.start(url)) {
				writer.setAutoCommit(false);
				try (PreparedStatement insert = writer.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
					for (int i = 0; i < 200; i++) {
						insert.setInt(1, i);
						insert.setBytes(2, new byte[16_384]);
						insert.executeUpdate();
						if (i % 20 == 19) {
							writer.commit();
						}
					}
				}
				writer.setAutoCommit(true);
				long deadline = System.nanoTime() + 10_000_000_000L;
				while (Files.size(file) < 200 * 16_384L && System.nanoTime() < deadline) {
					Thread.sleep(10);
				}
				assertThat(checkpointer.checkpointsThatCopied()).isPositive();
			}
			assertThat(Files.size(file)).as("the rows' pages are in the file, not only in the log (it was %d bytes)", before)
				.isGreaterThanOrEqualTo(200 * 16_384L);
			try (ResultSet rows = st.executeQuery("SELECT COUNT(*), SUM(LENGTH(body)) FROM t")) {
				rows.next();
				assertThat(rows.getLong(1)).isEqualTo(200);
				assertThat(rows.getLong(2)).isEqualTo(200 * 16_384L);
			}
		}
		try (Connection check = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = check.createStatement();
				ResultSet ok = st.executeQuery("PRAGMA integrity_check")) {
			ok.next();
			assertThat(ok.getString(1)).isEqualTo("ok");
		}
	}

	@Test
	void closingEndsTheThreadAndLetsGoOfTheFileSoThatItCanLeaveWalMode() throws Exception {
		Path file = this.dir.resolve("t.db");
		String url = "jdbc:sqlite:" + file + "?journal_mode=WAL";
		try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
			st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
		}
		WalCheckpointer checkpointer = WalCheckpointer.start(url);
		Thread.sleep(3 * WalCheckpointer.INTERVAL_MS);
		assertThat(checkpointer.running()).isTrue();

		checkpointer.close();

		assertThat(checkpointer.running()).isFalse();
		// leaving WAL mode needs the only connection to the file, as the index build's switch does
		try (Connection alone = DriverManager.getConnection("jdbc:sqlite:" + file); Statement st = alone.createStatement();
				ResultSet mode = st.executeQuery("PRAGMA journal_mode = DELETE")) {
			mode.next();
			assertThat(mode.getString(1)).isEqualTo("delete");
		}
	}

	@Test
	void aDatabaseItCannotOpenEndsTheThreadAndTheLoadGoesOn() throws Exception {
		Path missing = this.dir.resolve("no-such-folder").resolve("t.db");
		WalCheckpointer checkpointer = WalCheckpointer.start("jdbc:sqlite:" + missing);
		long deadline = System.nanoTime() + 5_000_000_000L;
		while (checkpointer.running() && System.nanoTime() < deadline) {
			Thread.sleep(5);
		}
		assertThat(checkpointer.running()).isFalse();
		checkpointer.close();
		assertThat(missing.getParent()).doesNotExist();
	}

}
