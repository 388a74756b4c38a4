package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.database.sqlite.RowsExtension;
import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteExtension;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * Write method {@code insert-select} through the whole command: what the summary says with and without the
 * rowlift_rows extension, and the key-matching mode upsert, one INSERT ... SELECT ... ON CONFLICT per chunk.
 */
class SqliteInsertSelectIntegrationTests extends ScenarioSupport {

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

	@AfterEach
	void platform() {
		System.clearProperty(RowsExtension.PLATFORM_PROPERTY);
	}

	@Test
	void withTheExtensionAChunkIsOneStatementAndTheSummarySaysSo() throws Exception {
		SqliteExtension.require();
		Path csv = GenCsv.write(this.dir.resolve("wide.csv"), "wide", 25_000, 3);
		RowliftRun run = rowlift(csv, "wide", "--rowlift.target.write-method=insert-select");
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("; whole-chunk INSERT ... SELECTs (rowlift_rows) of 10,000-row chunks (set by"
				+ " rowlift.target.write-method, through the rowlift_rows extension)")
			.contains("read 25,000 = written 25,000 + rejected 0");
		assertThat(count("SELECT COUNT(*) FROM wide WHERE typeof(id) = 'integer' AND typeof(number) = 'integer'"
				+ " AND typeof(value1) = 'text'")).isEqualTo(25_000);
	}

	/**
	 * A build without the extension (here: looked up for another platform, as a build made with
	 * {@code -Dnative.skip=true} or without gcc has none for this one) loads with INSERT batches, and
	 * the summary's write reason says why, once.
	 */
	@Test
	void withoutTheExtensionTheLoadUsesInsertBatchesAndTheSummarySaysWhyOnce() throws Exception {
		System.setProperty(RowsExtension.PLATFORM_PROPERTY, "none-none");
		Path csv = GenCsv.write(this.dir.resolve("wide.csv"), "wide", 5_000, 3);
		RowliftRun run = rowlift(csv, "wide", "--rowlift.target.write-method=insert-select");
		assertThat(run.exitCode()).as(run.toString()).isZero();
		String reason = "INSERT batches of 10,000-row chunks (set by rowlift.target.write-method is one INSERT ... SELECT per"
				+ " chunk, but this Rowlift build has no rowlift_rows extension for none-none (built without a C compiler, with"
				+ " -Dnative.skip=true, or for another platform; README: SQLite's fast path); INSERT batches instead)";
		assertThat(run.out()).contains(reason).contains("read 5,000 = written 5,000 + rejected 0");
		assertThat(run.out().split("no rowlift_rows extension", -1)).hasSize(2);
		assertThat(count("SELECT COUNT(*) FROM wide")).isEqualTo(5_000);
	}

	/**
	 * upsert matches keys with one {@code INSERT ... SELECT ... ON CONFLICT} per chunk (issue #24 item 5); the
	 * reason names the setting and the counts name the updated key.
	 */
	@Test
	void upsertAppliesEachChunkWithOneInsertSelectAndSaysSo() throws Exception {
		SqliteExtension.require();
		Path first = this.dir.resolve("first.csv");
		Files.writeString(first, "id,number,value1\n2,0,old\n9,0,kept\n", StandardCharsets.UTF_8);
		assertThat(rowlift(first, "wide").exitCode()).isZero();
		Path csv = this.dir.resolve("up.csv");
		Files.writeString(csv, "id,number,value1\n1,10,a\n2,20,b\n3,30,c\n", StandardCharsets.UTF_8);
		RowliftRun run = rowlift(csv, "wide", "--rowlift.target.write-method=insert-select", "--rowlift.target.mode=upsert");
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("whole-chunk INSERT ... SELECTs (rowlift_rows) of 10,000-row chunks (mode upsert applies"
				+ " each chunk with one INSERT ... SELECT ... ON CONFLICT (set by rowlift.target.write-method, through the"
				+ " rowlift_rows extension))").contains("mode upsert; read 3 = written 2 + updated 1 + rejected 0");
		assertThat(rows("SELECT id, number, value1 FROM wide ORDER BY id")).containsExactly(java.util.List.of("1", "10", "a"),
				java.util.List.of("2", "20", "b"), java.util.List.of("3", "30", "c"), java.util.List.of("9", "0", "kept"));
	}

}
