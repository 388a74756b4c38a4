package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.rowlift.testsupport.MySqlTestTarget;

/**
 * What {@link MySqlDialect#atomicStatements} promises, on the real server, with the session as Rowlift
 * sets it ({@link MySqlDialect#SQL_MODE}): a multi-row INSERT that the server refuses for one of its rows,
 * whatever the refusal, is a row error and writes none of its rows, while the transaction and the
 * statements before it stay. The bisection of MySQL's bulk path writes its groups and small parts without
 * savepoints on this alone.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MySqlAtomicInsertIntegrationTests {

	private final MySqlTestTarget target = new MySqlTestTarget("atomic_insert");

	@BeforeEach
	void fresh() throws SQLException {
		this.target.requireServer();
		this.target.reset();
		try (Connection c = this.target.connect(); Statement st = c.createStatement()) {
			st.execute("CREATE TABLE parents (id INT PRIMARY KEY) ENGINE = InnoDB");
			st.execute("INSERT INTO parents VALUES (1), (2)");
			st.execute("CREATE TABLE t (id INT PRIMARY KEY, parent INT NOT NULL, code VARCHAR(8) NOT NULL,"
					+ " CONSTRAINT t_code CHECK (code <> 'bad'), FOREIGN KEY (parent) REFERENCES parents (id)) ENGINE = InnoDB");
		}
	}

	@AfterAll
	void dispose() throws SQLException {
		this.target.dispose();
	}

	static Stream<Arguments> refusals() {
		return Stream.of(Arguments.of("a repeated primary key", "(2, 1, 'c')"), Arguments.of("a foreign key", "(6, 99, 'c')"),
				Arguments.of("a CHECK", "(6, 1, 'bad')"), Arguments.of("a value too long", "(6, 1, 'ccccccccc')"),
				Arguments.of("NULL in a NOT NULL column", "(6, NULL, 'c')"), Arguments.of("a number out of range", "(99999999999, 1, 'c')"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("refusals")
	void aRefusedMultiRowInsertWritesNoneOfItsRowsAndKeepsTheTransaction(String kind, String row) throws SQLException {
		MySqlDialect dialect = new MySqlDialect();
		assertThat(dialect.writing().atomicStatements()).isTrue();
		try (Connection c = this.target.connect(); Statement st = c.createStatement()) {
			st.execute("SET SESSION sql_mode = '" + MySqlDialect.SQL_MODE + "'");
			c.setAutoCommit(false);
			st.executeUpdate("INSERT INTO t VALUES (1, 1, 'c'), (2, 2, 'c')");

			SQLException refused = catchThrowableOfType(SQLException.class,
					() -> st.executeUpdate("INSERT INTO t VALUES (3, 1, 'c'), (4, 2, 'c'), " + row + ", (7, 1, 'c')"));

			assertThat((Throwable) refused).as(kind).isNotNull();
			assertThat(dialect.faults().isRowError(refused)).as("%s: %s", kind, refused.getMessage()).isTrue();
			assertThat(ids(st)).as("none of the refused statement's rows, the rows before it").containsExactly(1, 2);
			st.executeUpdate("INSERT INTO t VALUES (3, 1, 'c'), (4, 2, 'c'), (7, 1, 'c')"); // the transaction goes on
			c.commit();
		}
		try (Connection c = this.target.connect(); Statement st = c.createStatement()) {
			assertThat(ids(st)).containsExactly(1, 2, 3, 4, 7);
		}
	}

	private static List<Integer> ids(Statement st) throws SQLException {
		List<Integer> ids = new ArrayList<>();
		try (ResultSet rs = st.executeQuery("SELECT id FROM t ORDER BY id")) {
			while (rs.next()) {
				ids.add(rs.getInt(1));
			}
		}
		return ids;
	}

}
