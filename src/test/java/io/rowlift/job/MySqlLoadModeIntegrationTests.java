package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/** The load modes on a real MySQL-compatible server, and MySQL's own: foreign keys and triggers. */
class MySqlLoadModeIntegrationTests extends LoadModeScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("modes");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	/** {@code SHOW CREATE TABLE} without the AUTO_INCREMENT counter (a table option, not the definition). */
	@Override
	List<String> definition(String table) throws SQLException {
		return rows("SHOW CREATE TABLE " + table).stream().map(r -> r.get(1).replaceAll(" AUTO_INCREMENT=\\d+", "")).toList();
	}

	/** A table another table's foreign key refers to cannot be truncated: it is emptied with DELETE, in the step's transaction. */
	@Test
	void truncateOfATableAForeignKeyRefersToDeletesItsRows() throws Exception {
		oldRows();
		execute("CREATE TABLE ints_child (ref BIGINT, CONSTRAINT ints_child_ref FOREIGN KEY (ref) REFERENCES ints (id))");
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 20_000, 2);

		RowliftRun run = rowlift(csv, "ints", "--rowlift.target.mode=truncate");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertExactAndIntact(csv);
	}

	@Test
	void replaceOfATableWithTriggersOrForeignKeysIsRefusedBeforeAnythingIsWritten() throws Exception {
		Path old = oldRows();
		execute("CREATE TABLE ints_log (value_1 BIGINT)");
		execute("CREATE TRIGGER ints_audit AFTER INSERT ON ints FOR EACH ROW INSERT INTO ints_log VALUES (NEW.value_1)");
		execute("CREATE TABLE ints_child (ref BIGINT, CONSTRAINT ints_child_ref FOREIGN KEY (ref) REFERENCES ints (id))");
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 2_000, 2);

		RowliftRun run = rowlift(csv, "ints", "--rowlift.target.mode=replace");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err() + run.out()).contains("rowlift.target.mode=replace cannot swap table ints on MySQL: it has "
				+ "trigger(s) ints_audit; foreign key(s) of other tables referring to it: ints_child.ints_child_ref")
			.contains("use rowlift.target.mode=truncate");
		assertTableHolds(old);
		assertThat(tableExists(STAGING)).isFalse();
	}

	/** A name of 60 characters: the staging table's name keeps MySQL's limit of 64. */
	@Test
	void replaceOfATableWithALongNameUsesAStagingNameWithinTheLimit() throws Exception {
		String table = "t".repeat(60);
		oldRows();
		execute("CREATE TABLE " + table + " LIKE ints");
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 2_000, 2);

		RowliftRun run = rowlift(csv, table, "--rowlift.target.mode=replace");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).containsPattern("made t{40}_[0-9a-f]{8}__rowlift_stage like " + table);
		assertThat(count("SELECT COUNT(*) FROM " + table)).isEqualTo(2_000);
		assertThat(count("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
				+ " AND TABLE_NAME LIKE '%rowlift_stage'")).isZero();
	}

}
