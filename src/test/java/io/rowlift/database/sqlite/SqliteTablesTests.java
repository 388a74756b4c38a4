package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

import io.rowlift.model.Checkpoints;

/** The swap on a real SQLite file, with foreign keys enforced on every connection. */
class SqliteTablesTests {

	@TempDir
	Path dir;

	@Test
	void theSwapNeitherCascadesIntoReferringTablesNorLeavesAnythingToSwapAgain() throws Exception {
		SQLiteConfig config = new SQLiteConfig();
		config.enforceForeignKeys(true);
		SQLiteDataSource dataSource = new SQLiteDataSource(config);
		dataSource.setUrl("jdbc:sqlite:" + this.dir.resolve("t.db"));
		SqliteTables tables = new SqliteTables(new SqliteDialect());
		try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
			st.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY, v TEXT)");
			st.execute("CREATE INDEX parent_v ON parent (v)");
			st.execute("CREATE TABLE child (ref INTEGER REFERENCES parent (id) ON DELETE CASCADE)");
			st.execute("INSERT INTO parent VALUES (1, 'old'), (2, 'old')");
			st.execute("INSERT INTO child VALUES (1), (2)");
			tables.createStaging(c, "parent", tables.stagingName("parent"));
			st.execute("INSERT INTO parent__rowlift_stage VALUES (1, 'new'), (2, 'new'), (3, 'new')");
		}

		assertThat(tables.swap(dataSource, "parent", "parent__rowlift_stage", Checkpoints.NONE)).isTrue();
		assertThat(tables.swap(dataSource, "parent", "parent__rowlift_stage", Checkpoints.NONE)).as("again: nothing to swap").isFalse();

		assertThat(value(dataSource, "SELECT COUNT(*) FROM child")).as("no cascade").isEqualTo("2");
		assertThat(value(dataSource, "SELECT group_concat(v) FROM parent")).isEqualTo("new,new,new");
		assertThat(value(dataSource, "SELECT sql FROM sqlite_master WHERE name = 'parent_v'"))
			.isEqualTo("CREATE INDEX parent_v ON parent (v)");
		assertThat(value(dataSource, "SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%rowlift%'")).isEqualTo("0");
		assertThat(value(dataSource, "PRAGMA foreign_key_check")).isNull();
	}

	private static String value(SQLiteDataSource dataSource, String sql) throws SQLException {
		try (Connection c = dataSource.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getString(1) : null;
		}
	}

}
