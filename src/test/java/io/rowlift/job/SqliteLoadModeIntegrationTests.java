package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The load modes on a real SQLite file, and SQLite's own: triggers, views and foreign keys across the swap. */
class SqliteLoadModeIntegrationTests extends LoadModeScenarios {

	@TempDir
	Path databases;

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.databases);
		}
		return this.target;
	}

	/**
	 * Columns, keys and indexes (each with its SQL): what a swap must keep. The table's own CREATE TABLE
	 * text is not compared: SQLite's rename writes the new name into it in double quotes.
	 */
	@Override
	List<String> definition(String table) throws SQLException {
		List<String> definition = new ArrayList<>();
		for (List<String> column : rows("PRAGMA table_xinfo(" + table + ")")) {
			definition.add("column " + column);
		}
		for (List<String> index : rows("SELECT il.name, il.\"unique\", il.origin, il.partial, m.sql FROM pragma_index_list('"
				+ table + "') il LEFT JOIN sqlite_master m ON m.name = il.name ORDER BY il.name")) {
			definition.add("index " + index);
		}
		for (List<String> object : rows("SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'view')"
				+ " ORDER BY name")) {
			definition.add(object.get(0) + " " + object);
		}
		return definition;
	}

	/**
	 * A view over the table, a trigger on it and a trigger of another table writing into it, and another
	 * table's foreign key to it: after the swap each exists as it was and works on the new rows. The
	 * triggers do not fire for the rows the replace loads (the staging table has none).
	 */
	@Test
	void triggersViewsAndForeignKeysSurviveTheSwapAndNameTheNewTable() throws Exception {
		oldRows();
		execute("CREATE TABLE ints_log (value_1 INTEGER)");
		execute("CREATE TABLE ints_child (ref INTEGER REFERENCES ints (id))");
		execute("CREATE VIEW ints_count AS SELECT COUNT(*) AS n, MAX(value_1) AS top FROM ints");
		execute("CREATE VIEW ints_top AS SELECT top FROM ints_count");
		execute("CREATE TRIGGER ints_audit AFTER INSERT ON ints BEGIN INSERT INTO ints_log VALUES (new.value_1); END");
		execute("CREATE TRIGGER ints_feed AFTER INSERT ON ints_log WHEN new.value_1 < 0 BEGIN "
				+ "INSERT INTO ints (value_1, value_2) VALUES (new.value_1, 0); END");
		List<String> before = definition("ints");
		List<List<String>> schemaBefore = rows("SELECT type, name, tbl_name, sql FROM sqlite_master"
				+ " WHERE name IN ('ints_log', 'ints_child', 'ints_count', 'ints_top', 'ints_audit', 'ints_feed') ORDER BY name");
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 20_000, 2);

		RowliftRun run = rowlift(csv, "ints", "--rowlift.target.mode=replace", "--rowlift.job.partitions=2");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("swapped the loaded table in for ints (3 index(es), 4 trigger(s) and view(s) re-created)");
		assertExactAndIntact(csv);
		assertThat(definition("ints")).isEqualTo(before);
		assertThat(rows("SELECT type, name, tbl_name, sql FROM sqlite_master"
				+ " WHERE name IN ('ints_log', 'ints_child', 'ints_count', 'ints_top', 'ints_audit', 'ints_feed') ORDER BY name"))
			.as("each as it was, on the same table").isEqualTo(schemaBefore);
		assertThat(count("SELECT n FROM ints_count")).as("the view reads the new table").isEqualTo(20_000);
		assertThat(count("SELECT COUNT(*) FROM ints_log")).as("no trigger fired for the loaded rows").isZero();
		execute("INSERT INTO ints (value_1, value_2) VALUES (-5, -5)");
		assertThat(count("SELECT COUNT(*) FROM ints_log WHERE value_1 = -5")).as("the trigger fires on the new table").isEqualTo(1);
		execute("INSERT INTO ints_log VALUES (-7)");
		assertThat(count("SELECT COUNT(*) FROM ints WHERE value_1 = -7")).as("the other table's trigger writes into it").isEqualTo(1);
		assertThat(count("SELECT top FROM ints_top")).isEqualTo(count("SELECT MAX(value_1) FROM ints"));
		assertThat(rows("PRAGMA foreign_key_list(ints_child)").get(0).get(2)).as("the foreign key names the table").isEqualTo("ints");
		assertThat(rows("PRAGMA foreign_key_check")).isEmpty();
		assertThat(rows("PRAGMA integrity_check")).containsExactly(List.of("ok"));
	}

}
