package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.rowlift.database.RefusalStage;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.testsupport.MySqlTestTarget;

/** Whether {@link MySqlRefusalStage} stages a table's refused chunks or declines, on a real server. */
class MySqlRefusalStageIntegrationTests {

	private final MySqlTestTarget target = new MySqlTestTarget("refusal_stage");

	@BeforeEach
	void database() throws Exception {
		this.target.requireServer();
		this.target.reset();
	}

	/** A connection that may send {@code LOAD DATA LOCAL} streams, as the load's pool's can. */
	private Connection connect() throws Exception {
		String url = this.target.url();
		return DriverManager.getConnection(url + (url.contains("?") ? "&" : "?") + "allowLoadLocalInfile=true", this.target.user(),
				this.target.password());
	}

	private RefusalStage stage(Connection connection, String ddl, String table) throws Exception {
		try (Statement st = connection.createStatement()) {
			st.execute(ddl);
		}
		TableInfo info = TableInfo.read(connection, table).orElseThrow();
		return new MySqlDialect().writing().refusalStage(TableMapping.of(info, List.of(), info.columns().size(), false, table + ".csv"));
	}

	@Test
	void aTableWithAKeyIsStagedAndItsRepeatedKeyPredicted() throws Exception {
		try (Connection c = connect()) {
			RefusalStage stage = stage(c, "CREATE TABLE keyed (id BIGINT PRIMARY KEY, name VARCHAR(40))", "keyed");
			assertThat(stage.declines(c)).isFalse();
			assertThat(stage.columns(c)).containsExactly(0);
			c.setAutoCommit(false);
			assertThat(stage.stage(c, new ByteArrayInputStream("0\t7\n1\t8\n2\t7\n".getBytes()))).isEqualTo(3);
			assertThat(stage.predict(c)).containsExactly(2);
			c.rollback();
		}
	}

	@Test
	void aTableWithNothingToPredictFromDeclinesAndStagesNothing() throws Exception {
		try (Connection c = connect()) {
			RefusalStage stage = stage(c, "CREATE TABLE keyless (id BIGINT, name VARCHAR(40) NOT NULL)", "keyless");
			assertThat(stage.declines(c)).isTrue();
			c.setAutoCommit(false);
			assertThat(stage.stage(c, new ByteArrayInputStream("0\t7\n".getBytes()))).isEqualTo(-1);
			c.rollback();
		}
	}

}
