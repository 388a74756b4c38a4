package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.RowliftException;

class LoadSqlTests {

	@TempDir
	Path dir;

	@Test
	void splitsAtSemicolonsOutsideQuotesAndComments() {
		assertThat(LoadSql.split("DELETE FROM a; INSERT INTO b VALUES ('x;y', 'it''s; ok');\n"
				+ "UPDATE \"c;d\" SET `e;f` = 1 -- a comment; not a split\n;/* block; comment */ SELECT 1;;  ;"))
			.containsExactly("DELETE FROM a", "INSERT INTO b VALUES ('x;y', 'it''s; ok')",
					"UPDATE \"c;d\" SET `e;f` = 1 -- a comment; not a split", "/* block; comment */ SELECT 1");
	}

	@Test
	void aBackslashIsAnOrdinaryCharacter() {
		assertThat(LoadSql.split("INSERT INTO p VALUES ('C:\\'); SELECT 2")).containsExactly("INSERT INTO p VALUES ('C:\\')",
				"SELECT 2");
	}

	@Test
	void onlyCommentsAndBlanksAreNoStatement() {
		assertThat(LoadSql.split("-- nothing here;\n  /* nor; here */  ")).isEmpty();
		assertThat(LoadSql.of(null, " ")).isEqualTo(LoadSql.NONE);
	}

	@Test
	void aFileSettingReadsTheFile() throws Exception {
		Path file = Files.writeString(this.dir.resolve("after.sql"), "-- after the load\nANALYZE;\nINSERT INTO log VALUES ('done;');\n");

		assertThat(LoadSql.of("SELECT 1", "file:" + file).after()).containsExactly("-- after the load\nANALYZE",
				"INSERT INTO log VALUES ('done;')");
	}

	@Test
	void aFileThatCannotBeReadIsBadInputNamingTheSetting() {
		assertThatThrownBy(() -> LoadSql.of("file:" + this.dir.resolve("missing.sql"), null)).isInstanceOf(RowliftException.class)
			.hasMessageStartingWith("rowlift.job.before-sql is file:" + this.dir.resolve("missing.sql") + ", but ")
			.extracting(e -> ((RowliftException) e).exitCode())
			.isEqualTo(2);
	}

}
