package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.database.TargetProperties;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.LoadMode;

/**
 * Where the rowlift_rows extension is missing (a build without a C compiler or with
 * {@code -Dnative.skip=true}, another platform, a library SQLite will not load), loads use INSERT
 * batches and the write reason says why; nothing is refused.
 */
class SqliteRowsExtensionAbsentTests {

	@TempDir
	Path dir;

	@AfterEach
	void platform() {
		System.clearProperty(RowsExtension.PLATFORM_PROPERTY);
	}

	@Test
	void anotherPlatformHasNoLibraryAndSaysWhy() {
		RowsExtension.Status status = RowsExtension.find("none-none");
		assertThat(status.available()).isFalse();
		assertThat(status.unavailable()).isEqualTo("this Rowlift build has no rowlift_rows extension for none-none (built"
				+ " without a C compiler, with -Dnative.skip=true, or for another platform; README: SQLite's fast path)");
	}

	@Test
	void aLibrarySqliteWillNotLoadIsNotUsed() throws Exception {
		Path bogus = Files.writeString(this.dir.resolve("librowlift_rows.so"), "not a library");
		RowsExtension.Status status = RowsExtension.probe(bogus);
		assertThat(status.available()).isFalse();
		assertThat(status.unavailable()).startsWith("sqlite-jdbc did not load the rowlift_rows extension (");
	}

	@Test
	void withoutTheLibraryThePoolLoadsNothingAndTheChoiceIsInsertWithTheReason() throws Exception {
		System.setProperty(RowsExtension.PLATFORM_PROPERTY, "none-none");
		SqliteDialect sqlite = new SqliteDialect();
		try (HikariDataSource pool = new HikariDataSource()) {
			pool.setJdbcUrl("jdbc:sqlite:" + this.dir.resolve("a.db"));
			sqlite.connections().configure(pool, new TargetProperties("t", SqliteWritePaths.INSERT_SELECT, null, LoadMode.APPEND, null, null, null, null, 3));
			assertThat(pool.getConnectionInitSql()).isNull();
			assertThat(pool.getJdbcUrl()).doesNotContain("enable_load_extension");
			WriteChoice choice = sqlite.writing().choose(SqliteWritePaths.INSERT_SELECT, pool);
			assertThat(choice.method()).isEqualTo(WriteMethod.INSERT);
			assertThat(choice.reason()).isEqualTo("set by rowlift.target.write-method is one INSERT ... SELECT per chunk, but this"
					+ " Rowlift build has no rowlift_rows extension for none-none (built without a C compiler, with"
					+ " -Dnative.skip=true, or for another platform; README: SQLite's fast path); INSERT batches instead");
			WriteChoice auto = sqlite.writing().choose(WriteMethod.AUTO, pool);
			assertThat(auto.method()).isEqualTo(WriteMethod.INSERT);
		}
	}

	@Test
	void insertAndInsertDirectNeverLoadIt() throws Exception {
		SqliteDialect sqlite = new SqliteDialect();
		for (WriteMethod method : new WriteMethod[] { WriteMethod.INSERT, SqliteWritePaths.INSERT_DIRECT }) {
			try (HikariDataSource pool = new HikariDataSource()) {
				pool.setJdbcUrl("jdbc:sqlite:" + this.dir.resolve(method + ".db"));
				sqlite.connections().configure(pool, new TargetProperties("t", method, null, LoadMode.APPEND, null, null, null, null, 3));
				assertThat(pool.getConnectionInitSql()).isNull();
			}
		}
	}

}
