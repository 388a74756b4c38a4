package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SqliteDdlTests {

	private static final String STAGE = "\"people__rowlift_stage\"";

	static Stream<Arguments> statements() {
		return Stream.of(Arguments.of("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT)", " (id INTEGER PRIMARY KEY, name TEXT)"),
				Arguments.of("CREATE TABLE \"people\"(id INTEGER PRIMARY KEY)", "(id INTEGER PRIMARY KEY)"),
				Arguments.of("CREATE TABLE `people` (id INT)", " (id INT)"), Arguments.of("CREATE TABLE [people] (id INT)", " (id INT)"),
				Arguments.of("CREATE TABLE 'people' (id INT)", " (id INT)"),
				Arguments.of("create table if not exists main.people (id INT) WITHOUT ROWID", " (id INT) WITHOUT ROWID"),
				Arguments.of("CREATE TABLE \"main\" . \"people\" (id INT) STRICT", " (id INT) STRICT"),
				Arguments.of("CREATE TABLE /* c */ people -- x\n (id INT)", " -- x\n (id INT)"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("statements")
	void theNameIsReplacedAndTheRestKeptAsWritten(String sql, String rest) {
		assertThat(SqliteDdl.renameCreateTable(sql, STAGE)).isEqualTo("CREATE TABLE " + STAGE + rest);
	}

	@Test
	void aQuotedNameWithQuotesAndSpacesIsReplacedWhole() {
		assertThat(SqliteDdl.renameCreateTable("CREATE TABLE \"my \"\"big\"\" table\" (\"id\" INT)", STAGE))
			.isEqualTo("CREATE TABLE " + STAGE + " (\"id\" INT)");
	}

	@Test
	void somethingElseIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> SqliteDdl.renameCreateTable("CREATE VIEW v AS SELECT 1", STAGE));
		assertThatIllegalArgumentException().isThrownBy(() -> SqliteDdl.renameCreateTable("CREATE TABLE \"open (x)", STAGE));
	}

	/** What SQLite itself stores, renamed, makes a table with the same columns and keys. */
	@Test
	void theRewrittenStatementOfARealTableMakesTheSameTable() throws Exception {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:"); Statement st = c.createStatement()) {
			st.execute("CREATE TABLE IF NOT EXISTS \"odd \"\"name\"\"\" (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, "
					+ "n INT CHECK (n > 0)) WITHOUT ROWID");
			String sql;
			try (ResultSet rs = st.executeQuery("SELECT sql FROM sqlite_master WHERE type = 'table'")) {
				rs.next();
				sql = rs.getString(1);
			}
			st.execute(SqliteDdl.renameCreateTable(sql, STAGE));
			try (ResultSet rs = st.executeQuery("SELECT sql FROM sqlite_master WHERE name = 'people__rowlift_stage'")) {
				assertThat(rs.next()).isTrue();
				assertThat(rs.getString(1)).isEqualTo(sql.replace("\"odd \"\"name\"\"\"", STAGE));
			}
		}
	}

}
