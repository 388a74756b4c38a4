package io.rowlift.schema;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.database.TargetDialect;
import io.rowlift.database.sqlite.SqliteDialect;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** {@link IndexRebuildScenarios} on a SQLite file. */
class SqliteIndexRebuildTests extends IndexRebuildScenarios {

	@TempDir
	Path dir;

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.dir);
		}
		return this.target;
	}

	@Override
	TargetDialect dialect() {
		return new SqliteDialect();
	}

	@Override
	HikariDataSource pool() {
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl("jdbc:sqlite:" + this.target.file());
		return pool;
	}

}
