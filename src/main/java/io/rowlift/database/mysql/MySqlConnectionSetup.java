package io.rowlift.database.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.database.ConnectionSetup;
import io.rowlift.database.JdbcUrl;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.WriteMethod;

/**
 * MySQL's connection setup: forces {@code rewriteBatchedStatements=true} (JDBC batches become multi-row INSERTs,
 * about 5x faster), client-side prepared statements, UTF-8, and a strict {@code sql_mode} on every connection so
 * that a value the column cannot hold is an error, never silently truncated.
 */
final class MySqlConnectionSetup implements ConnectionSetup {

	private final MySqlDialect dialect;

	MySqlConnectionSetup(MySqlDialect dialect) {
		this.dialect = dialect;
	}

	@Override
	public void configure(HikariDataSource dataSource, TargetProperties target) {
		JdbcUrl url = JdbcUrl.parse(MariaDbUrls.toMySql(dataSource.getJdbcUrl()))
			.with("rewriteBatchedStatements", "true")
			.with("useServerPrepStmts", "false")
			.with("cachePrepStmts", "true")
			.with("characterEncoding", "UTF-8");
		if (!WriteMethod.INSERT.equals(target.writeMethod())) {
			// streams are set per statement by Rowlift; no LOAD DATA names a file of this machine
			url = url.with("allowLoadLocalInfile", "true");
		}
		dataSource.setJdbcUrl(url.toString());
		dataSource.setConnectionInitSql("SET SESSION sql_mode='" + MySqlDialect.SQL_MODE + "'");
		if (dataSource.getDriverClassName() == null) {
			dataSource.setDriverClassName("com.mysql.cj.jdbc.Driver");
		}
	}

	/**
	 * The table's data and indexes as the server counts them ({@code information_schema.TABLES}, after
	 * {@code ANALYZE TABLE} so that InnoDB's figures are current): pages allocated, not the files' sizes.
	 */
	@Override
	public Optional<String> sizeOnDisk(DataSource dataSource, String jdbcUrl, String table) {
		try (Connection connection = dataSource.getConnection()) {
			try (Statement analyze = connection.createStatement()) {
				analyze.execute("ANALYZE TABLE " + this.dialect.quote(table));
			}
			try (PreparedStatement st = connection.prepareStatement("SELECT data_length, index_length FROM "
					+ "information_schema.TABLES WHERE table_schema = DATABASE() AND table_name = ?")) {
				st.setString(1, table);
				try (ResultSet rs = st.executeQuery()) {
					if (!rs.next()) {
						return Optional.empty();
					}
					return Optional.of(String.format(java.util.Locale.ROOT,
							"table %s takes %,.1f MB on disk (data %,.1f MB, indexes %,.1f MB, information_schema)", table,
							(rs.getLong(1) + rs.getLong(2)) / 1e6, rs.getLong(1) / 1e6, rs.getLong(2) / 1e6));
				}
			}
		}
		catch (SQLException ex) {
			return Optional.empty();
		}
	}

}
