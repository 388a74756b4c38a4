package io.rowlift.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.RowliftException;
import io.rowlift.compress.ZstdDictionaries;
import io.rowlift.database.sqlite.SqliteDialect;

/** The one list of the tables no load may target (issue 34 item 1). */
class ReservedTablesTests {

	@TempDir
	Path dir;

	private final ReservedTables reserved = ReservedTables.of((String) null);

	/** Every table Rowlift makes in a database (and Spring Batch's, made with them) is reserved. */
	@Test
	void everyTableRowliftMakesIsReserved() throws Exception {
		SqliteDialect sqlite = new SqliteDialect();
		SingleConnectionDataSource data = new SingleConnectionDataSource("jdbc:sqlite:" + this.dir.resolve("all.db"), true);
		try {
			RowliftSchema.ensure(data, sqlite);
			RowliftSchema.ensureInbox(data, sqlite);
			List<String> tables = new ArrayList<>();
			try (Connection connection = data.getConnection()) {
				ZstdDictionaries.ensure(connection, sqlite.sql().blobType());
				try (ResultSet rs = connection.getMetaData().getTables(null, null, "%", new String[] { "TABLE" })) {
					while (rs.next()) {
						tables.add(rs.getString("TABLE_NAME"));
					}
				}
			}
			assertThat(tables).hasSizeGreaterThan(10);
			assertThat(tables).allSatisfy(table -> assertThat(this.reserved.owner(table)).as(table).isPresent());
		}
		finally {
			data.destroy();
		}
	}

	@Test
	void anySpellingOfAReservedTableIsOne() {
		for (String spelling : List.of("ROWLIFT_INDEX_LEDGER", "rowlift_index_ledger", " Rowlift_Index_Ledger ",
				"main.rowlift_index_ledger", "test.ROWLIFT_INDEX_LEDGER", "\"ROWLIFT_INDEX_LEDGER\"", "`rowlift_index_ledger`",
				"[rowlift_index_ledger]", "main.\"rowlift_index_ledger\"", "`my.db`.`ROWLIFT_INDEX_LEDGER`", "\"a\"\".b\".ROWLIFT_INDEX_LEDGER")) {
			assertThat(this.reserved.owner(spelling)).as(spelling).contains("ROWLIFT_INDEX_LEDGER, Rowlift's ledger of dropped indexes, "
					+ "whose definitions a later rebuild reads");
		}
		assertThat(this.reserved.owner("test.BATCH_JOB_EXECUTION")).get().asString().startsWith("BATCH_JOB_EXECUTION, Spring Batch's");
		assertThat(this.reserved.owner("batch_job_seq")).isEmpty();
		assertThat(this.reserved.owner("BATCH_JOB_INSTANCE_SEQ")).isPresent();
		assertThat(this.reserved.owner("flyway_schema_history")).get().asString().startsWith("FLYWAY_SCHEMA_HISTORY, Flyway's history");
		for (String table : List.of("people", "ints", "rowlift_index_ledger2", "\"rowlift_index_ledger\".people", "ledger",
				"`rowlift.index_ledger`", "")) {
			assertThat(this.reserved.owner(table)).as(table).isEmpty();
		}
	}

	@Test
	void flywaysTableIsTheConfiguredOne() {
		ReservedTables configured = ReservedTables.of("schema_versions");
		assertThat(configured.owner("SCHEMA_VERSIONS")).isPresent();
		assertThat(configured.owner("flyway_schema_history")).isEmpty();
		assertThat(configured.why()).contains("(ROWLIFT_*, BATCH_*, schema_versions)");
	}

	@Test
	void aReservedTargetIsExitTwoNamingTheTableWhyAndTheFix() {
		assertThatThrownBy(() -> this.reserved.check("main.Rowlift_Inbox", "rowlift.target.table")).isInstanceOf(RowliftException.class)
			.hasMessage("rowlift.target.table 'main.Rowlift_Inbox' names ROWLIFT_INBOX, the scheduled service's ledger of inbox files: "
					+ "Rowlift's, Spring Batch's and Flyway's own tables (ROWLIFT_*, BATCH_*, flyway_schema_history) are never load "
					+ "targets, since rows loaded there would change what Rowlift does; nothing was written; choose another table name "
					+ "in rowlift.target.table")
			.extracting(e -> ((RowliftException) e).exitCode()).isEqualTo(2);
		this.reserved.check("people", "rowlift.target.table");
	}

}
