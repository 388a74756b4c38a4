package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.rowlift.RowliftException;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.LoadMode;
import io.rowlift.database.MatchCounter;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetMode;
import io.rowlift.database.UniqueKey;

/**
 * SQLite's statements and counts in modes upsert and ignore, on an in-memory database: the unique keys
 * it finds, the clause ({@link SqliteDialect#onKeyMatch}) and the insert counter ({@link SqliteInsertCounter}).
 */
class SqliteKeyMatchTests {

	private final SqliteDialect sqlite = new SqliteDialect();

	private Connection connection;

	@BeforeEach
	void database() throws SQLException {
		this.connection = DriverManager.getConnection("jdbc:sqlite::memory:");
		try (Statement st = this.connection.createStatement()) {
			st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL CHECK (name <> 'bad'),"
					+ " code TEXT, UNIQUE (code))");
			st.execute("CREATE UNIQUE INDEX t_email ON t (email)");
			st.execute("CREATE UNIQUE INDEX t_partial ON t (name) WHERE id > 10");
			st.execute("CREATE UNIQUE INDEX t_lower ON t (lower(name))");
			st.execute("CREATE INDEX t_name ON t (name)");
			st.execute("INSERT INTO t VALUES (1, 'a@x', 'Ann', 'A'), (2, 'b@x', 'Bob', 'B')");
		}
	}

	@AfterEach
	void close() throws SQLException {
		this.connection.close();
	}

	private TableMapping mapping(String... columns) throws SQLException {
		TableInfo info = TableInfo.read(this.connection, "t").orElseThrow();
		return TableMapping.of(info, List.of(columns), columns.length, true, "t.csv");
	}

	@Test
	void findsThePrimaryKeyAndTheUniqueIndexesButNotPartialOrExpressionOnes() throws SQLException {
		TableInfo info = TableInfo.read(this.connection, "t").orElseThrow();
		assertThat(this.sqlite.keys().uniqueKeys(this.connection, info)).containsExactlyInAnyOrder(
				new UniqueKey("primary key", List.of("id"), true), new UniqueKey("t_email", List.of("email"), false),
				new UniqueKey("sqlite_autoindex_t_1", List.of("code"), false));
	}

	@Test
	void upsertUpdatesEveryLoadedColumnButTheKeysOnConflictOfThatKeyOnly() throws SQLException {
		KeyMatching matching = KeyMatching.resolve(this.connection, this.sqlite, mapping("id", "email", "name"),
				new TargetMode(LoadMode.UPSERT, null));
		assertThat(matching.insertSql(this.sqlite, mapping("id", "email", "name"), 2)).isEqualTo("INSERT INTO \"t\" (\"id\", "
				+ "\"email\", \"name\") VALUES (?, ?, ?), (?, ?, ?) ON CONFLICT (\"id\") DO UPDATE SET \"email\" = excluded.\"email\", "
				+ "\"name\" = excluded.\"name\"");
	}

	@Test
	void ignoreDoesNothingOnConflictOfTheNamedKey() throws SQLException {
		KeyMatching matching = KeyMatching.resolve(this.connection, this.sqlite, mapping("email", "name"),
				new TargetMode(LoadMode.IGNORE, "T_EMAIL"));
		assertThat(matching.key()).isEqualTo(new UniqueKey("t_email", List.of("email"), false));
		assertThat(matching.insertSql(this.sqlite, mapping("email", "name"), 1))
			.isEqualTo("INSERT INTO \"t\" (\"email\", \"name\") VALUES (?, ?) ON CONFLICT (\"email\") DO NOTHING")
			.doesNotContain("OR IGNORE");
	}

	@Test
	void countsInsertedAndMatchedRowsAndARolledBackStatementTakesItsCountWithIt() throws SQLException {
		TableMapping mapping = mapping("id", "email", "name");
		KeyMatching matching = KeyMatching.resolve(this.connection, this.sqlite, mapping, new TargetMode(LoadMode.UPSERT, null));
		MatchCounter counter = matching.counter();
		this.connection.setAutoCommit(false);
		counter.prepare(this.connection);
		counter.prepare(this.connection); // again on the same connection: nothing changes
		counter.reset(this.connection);
		try (PreparedStatement ps = this.connection.prepareStatement(matching.insertSql(this.sqlite, mapping, 4))) {
			// 1 exists, unchanged; 2 exists, changed; 3 new; 3 again
			Object[] values = { 1, "a@x", "Ann", 2, "b@x", "Bobby", 3, "c@x", "Cy", 3, "c@x", "Cyd" };
			for (int i = 0; i < values.length; i++) {
				ps.setObject(i + 1, values[i]);
			}
			assertThat(ps.executeUpdate()).as("changes() counts an upsert's update like an insert").isEqualTo(4);
		}
		assertThat(counter.matched(this.connection, 4)).isEqualTo(3);

		counter.reset(this.connection);
		Savepoint savepoint = this.connection.setSavepoint();
		try (PreparedStatement ps = this.connection.prepareStatement(matching.insertSql(this.sqlite, mapping, 2))) {
			Object[] values = { 4, "d@x", "Di", 5, "e@x", "bad" };
			for (int i = 0; i < values.length; i++) {
				ps.setObject(i + 1, values[i]);
			}
			assertThatThrownBy(ps::executeUpdate).isInstanceOf(SQLException.class).hasMessageContaining("CHECK");
		}
		this.connection.rollback(savepoint);
		assertThat(counter.matched(this.connection, 0)).isZero();
		try (Statement st = this.connection.createStatement(); ResultSet rs = st.executeQuery("SELECT group_concat(name) FROM t")) {
			rs.next();
			assertThat(rs.getString(1)).isEqualTo("Ann,Bobby,Cyd");
		}
		counter.finish(this.connection);
		try (Statement st = this.connection.createStatement();
				ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM sqlite_temp_master WHERE type = 'trigger'")) {
			rs.next();
			assertThat(rs.getInt(1)).as("the trigger is gone at the chunk's end").isZero();
		}
	}

	@Test
	void aConflictOnAnotherUniqueKeyStaysAnError() throws SQLException {
		TableMapping mapping = mapping("id", "email", "name");
		KeyMatching matching = KeyMatching.resolve(this.connection, this.sqlite, mapping, new TargetMode(LoadMode.IGNORE, null));
		try (PreparedStatement ps = this.connection.prepareStatement(matching.insertSql(this.sqlite, mapping, 1))) {
			ps.setObject(1, 9);
			ps.setObject(2, "a@x");
			ps.setObject(3, "Other");
			assertThatThrownBy(ps::executeUpdate).isInstanceOf(SQLException.class).hasMessageContaining("UNIQUE constraint failed: t.email");
		}
	}

	@Test
	void refusesAPartialUniqueIndexAsTheKey() {
		assertThatThrownBy(() -> KeyMatching.resolve(this.connection, this.sqlite, mapping("id", "email", "name"),
				new TargetMode(LoadMode.UPSERT, "t_partial")))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("rowlift.target.upsert-key=t_partial: index t_partial of table t is not unique, so rows cannot be matched "
					+ "on it; its unique keys are primary key (id), sqlite_autoindex_t_1 (code), t_email (email): name one of them, "
					+ "or leave the setting out to match on the primary key");
	}

	@Test
	void appendMatchesNoKeys() throws SQLException {
		assertThat(KeyMatching.resolve(this.connection, this.sqlite, mapping("id", "email", "name"), TargetMode.APPEND)).isNull();
	}

}
