package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Tests for {@link JdbcUrl}. */
class JdbcUrlTests {

	@Test
	void forcesParametersWhateverTheOperatorGave() {
		JdbcUrl url = JdbcUrl.parse("jdbc:mysql://h:3306/db?rewriteBatchedStatements=false&useSSL=false")
			.with("rewriteBatchedStatements", "true");
		assertThat(url).hasToString("jdbc:mysql://h:3306/db?useSSL=false&rewriteBatchedStatements=true");
		assertThat(JdbcUrl.parse("jdbc:sqlite:data/x.db").with("journal_mode", "WAL")).hasToString("jdbc:sqlite:data/x.db?journal_mode=WAL");
	}

	@Test
	void redactsParametersAndUserInfo() {
		assertThat(JdbcUrl.redacted("jdbc:mysql://h/db?user=u&password=secret")).isEqualTo("jdbc:mysql://h/db?...");
		assertThat(JdbcUrl.redacted("jdbc:mysql://u:secret@h/db")).isEqualTo("jdbc:mysql://***@h/db");
	}

}
