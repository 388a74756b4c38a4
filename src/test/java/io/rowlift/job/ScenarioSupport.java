package io.rowlift.job;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.LoadSessions;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * What whole-command scenarios share: a fresh database per test, running the command, reading the
 * database back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ScenarioSupport {

	@TempDir
	Path dir;

	/** The line a failed load of ints ends with (issue #20, item 4): its indexes, and the two ways back. */
	static final String INTS_STILL_DROPPED = "rowlift: the load dropped 3 index(es) of ints that are not back yet: ints_value_1, "
			+ "ints_value_1_value_2, ints_value_2 (queries on ints run without them, unique keys go unchecked); run the same command"
			+ " again to resume (once the cause above is gone): it rebuilds them at its end; or put them back now with: rowlift"
			+ " rebuild-indexes --rowlift.target.table=ints (with the same database settings)";

	abstract TestTarget target();

	/** The loads of a test run in one application per set of context settings (issue #35 item 5); a reset closes them. */
	final LoadSessions sessions = new LoadSessions();

	@BeforeEach
	void freshDatabase() throws Exception {
		target().reset();
	}

	@AfterAll
	void dropDatabase() throws Exception {
		this.sessions.close();
		target().dispose();
	}

	RowliftRun rowlift(Path csv, String table, String... options) {
		List<String> args = new ArrayList<>(target().options());
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=" + table);
		args.addAll(List.of(options));
		return this.sessions.run(args);
	}

	static String[] concat(String[] options, String more) {
		return java.util.stream.Stream.concat(java.util.stream.Stream.of(options), java.util.stream.Stream.of(more))
			.toArray(String[]::new);
	}

	long count(String sql) throws SQLException {
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

	void execute(String sql) throws SQLException {
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			st.execute(sql);
		}
	}

	/** The rows of a query, each value as text, NULL as {@code <null>}. */
	List<List<String>> rows(String sql) throws SQLException {
		List<List<String>> rows = new ArrayList<>();
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			ResultSetMetaData meta = rs.getMetaData();
			while (rs.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= meta.getColumnCount(); i++) {
					String value = rs.getString(i);
					row.add(value == null ? "<null>" : value);
				}
				rows.add(row);
			}
		}
		return rows;
	}

}
