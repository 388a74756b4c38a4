package io.rowlift.schema;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import io.rowlift.target.RejectTable;
import io.rowlift.target.TableInfo;
import io.rowlift.target.TargetDialect;

/**
 * Rowlift's own tables in the target database: Spring Batch's job repository (so each chunk's
 * rows and the reader's offset commit in one transaction), the index ledger and the staged rejects. Created when
 * missing, left alone when present; never part of the operator's migrations.
 */
public final class RowliftSchema {

	/** The ledger of dropped indexes: written before a drop, emptied after the rebuild. */
	public static final String LEDGER = "ROWLIFT_INDEX_LEDGER";

	private RowliftSchema() {
	}

	/** Creates whatever of Rowlift's tables is missing. Run under the run lock. */
	public static void ensure(DataSource dataSource, TargetDialect dialect) throws SQLException {
		try (Connection connection = dataSource.getConnection()) {
			if (TableInfo.read(connection, "BATCH_JOB_INSTANCE").isEmpty()) {
				new ResourceDatabasePopulator(new ClassPathResource(dialect.batchSchemaScript())).populate(connection);
			}
			if (TableInfo.read(connection, LEDGER).isEmpty()) {
				try (Statement st = connection.createStatement()) {
					st.execute("CREATE TABLE " + LEDGER + " (TABLE_NAME VARCHAR(200) NOT NULL, INDEX_NAME VARCHAR(200) NOT NULL,"
							+ " DEFINITION " + dialect.textType() + " NOT NULL, IS_UNIQUE INT NOT NULL, COLUMN_LIST "
							+ dialect.textType() + " NOT NULL, PRIMARY KEY (TABLE_NAME, INDEX_NAME))");
				}
			}
			if (TableInfo.read(connection, RejectTable.NAME).isEmpty()) {
				try (Statement st = connection.createStatement()) {
					st.execute("CREATE TABLE " + RejectTable.NAME + " (RUN_ID BIGINT NOT NULL, BYTE_OFFSET BIGINT NOT NULL,"
							+ " LINE BIGINT NOT NULL, FIELD_NO INT NOT NULL, FIELD_OFFSET BIGINT NOT NULL, REASON "
							+ dialect.textType() + " NOT NULL, RAW " + dialect.blobType()
							+ " NOT NULL, PRIMARY KEY (RUN_ID, BYTE_OFFSET))");
				}
			}
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
	}

}
