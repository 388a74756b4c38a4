package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import io.rowlift.RowliftException;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.WritePath;
import io.rowlift.database.sqlite.SqliteDialect;

/** How {@code rowlift.target.write-method} resolves, per server setting, and the LOAD DATA statement. */
class WriteMethodChoiceTests {

	private final MySqlDialect mysql = new MySqlDialect();

	@Test
	void autoStreamsWithLoadDataWhereTheServerAllowsLocalInfile() throws SQLException {
		WriteChoice choice = resolve(this.mysql, WriteMethod.AUTO, server(true));
		assertThat(choice.method()).isEqualTo(MySqlWritePaths.LOAD_DATA);
		assertThat(this.mysql.writing().path(choice.method()).sink()).isEqualTo(WritePath.Sink.ROW_STREAM);
		assertThat(choice.reason()).isEqualTo("default for MySQL: the server has local_infile=ON");
	}

	@Test
	void autoFallsBackToInsertsWhereTheServerRefusesLocalInfile() throws SQLException {
		WriteChoice choice = resolve(this.mysql, WriteMethod.AUTO, server(false));
		assertThat(choice.method()).isEqualTo(WriteMethod.INSERT);
		assertThat(choice.reason()).isEqualTo("the server has local_infile=OFF, so no LOAD DATA LOCAL");
	}

	@Test
	void loadDataOnAServerThatRefusesItIsExit2NamingTheFix() {
		assertThatThrownBy(() -> resolve(this.mysql, MySqlWritePaths.LOAD_DATA, server(false)))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessageContaining("the server does not allow LOAD DATA LOCAL (local_infile=OFF): run SET GLOBAL local_infile=ON");
	}

	@Test
	void insertAsksTheServerNothing() throws SQLException {
		DataSource dataSource = mock(DataSource.class);
		assertThat(resolve(this.mysql, WriteMethod.INSERT, dataSource).method()).isEqualTo(WriteMethod.INSERT);
		verify(dataSource, never()).getConnection();
	}

	@Test
	void sqliteHasOnlyInserts() throws SQLException {
		SqliteDialect sqlite = new SqliteDialect();
		assertThat(resolve(sqlite, WriteMethod.INSERT, null)).isEqualTo(new WriteChoice(WriteMethod.INSERT, "set by rowlift.target.write-method"));
		assertThatThrownBy(() -> resolve(sqlite, MySqlWritePaths.LOAD_DATA, null)).isInstanceOf(RowliftException.class)
			.hasMessage("rowlift.target.write-method=load-data is for mysql; sqlite is not loaded that way: remove the setting or"
					+ " set it to auto, insert, insert-select, insert-direct");
		assertThat(sqlite.writing().bulkLoader(null, null)).isNull();
		assertThat(sqlite.writing().path(MySqlWritePaths.LOAD_DATA)).isEqualTo(WritePath.INSERT_BATCHES);
	}

	@Test
	void aMethodNoDatabaseOffersIsExit2ListingThoseThisOneTakes() {
		assertThatThrownBy(() -> resolve(this.mysql, WriteMethod.valueOf("fast"), null))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("rowlift.target.write-method=fast is not a write method of any database Rowlift loads into; mysql is not"
					+ " loaded that way: remove the setting or set it to auto, insert, load-data");
	}

	private static WriteChoice resolve(io.rowlift.database.TargetDialect dialect, WriteMethod configured, DataSource dataSource)
			throws SQLException {
		return WriteChoice.resolve(dialect, io.rowlift.database.TargetMode.APPEND, configured, dataSource);
	}

	@Test
	void theStatementUnhexesBinaryAndCastsBooleansAndIsTagged() {
		TableInfo table = new TableInfo("t`x", List.of(new TableColumn("id", Types.BIGINT, "BIGINT", 19, 0, false, false),
				new TableColumn("b", Types.BIT, "BIT", 1, 0, true, false),
				new TableColumn("p", Types.LONGVARBINARY, "BLOB", 65535, 0, true, false)));
		TableMapping mapping = TableMapping.of(table, List.of("id", "b", "p"), 3, true, "f.csv");
		assertThat(LoadDataLoader.of(this.mysql, mapping).sql()).isEqualTo(this.mysql.sql().statementTag("t`x")
				+ "LOAD DATA LOCAL INFILE 'rowlift-chunk.tsv' INTO TABLE `t``x` CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t'"
				+ " ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (`id`, @rowlift_1, @rowlift_2)"
				+ " SET `b` = CAST(@rowlift_1 AS UNSIGNED), `p` = UNHEX(@rowlift_2)");
	}

	private static DataSource server(boolean localInfile) throws SQLException {
		DataSource dataSource = mock(DataSource.class);
		Connection connection = mock(Connection.class);
		Statement statement = mock(Statement.class);
		ResultSet result = mock(ResultSet.class);
		when(dataSource.getConnection()).thenReturn(connection);
		when(connection.createStatement()).thenReturn(statement);
		when(statement.executeQuery(anyString())).thenReturn(result);
		when(result.next()).thenReturn(true);
		when(result.getBoolean(1)).thenReturn(localInfile);
		return dataSource;
	}

}
