package io.rowlift.schema;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.database.TargetDialect;
import io.rowlift.database.mysql.MySqlDialect;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** {@link IndexRebuildScenarios} on the MySQL/MariaDB server. */
class MySqlIndexRebuildTests extends IndexRebuildScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("index_rebuild");

	@Override
	TestTarget target() {
		this.target.requireServer();
		return this.target;
	}

	@Override
	TargetDialect dialect() {
		return new MySqlDialect();
	}

	@Override
	HikariDataSource pool() {
		HikariDataSource pool = new HikariDataSource();
		pool.setJdbcUrl(this.target.url());
		pool.setUsername(this.target.user());
		pool.setPassword(this.target.password());
		return pool;
	}

}
