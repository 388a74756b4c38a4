package io.rowlift.target;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.jdbc.datasource.DataSourceUtils;

import io.rowlift.model.BadRecordException;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Inserts a chunk of records with one JDBC batch on the chunk transaction's connection, so the rows
 * commit or roll back together with the reader's saved offset.
 *
 * <p>Each field is converted by its column's {@link ColumnBinder} straight from the record's bytes
 * (no reflection, no intermediate objects). A record with the wrong number of fields or a value
 * that does not fit fails the chunk with a message naming file, line and column.
 *
 * <p>Thread-safe: it keeps no state between calls, so partitions may share one instance.
 */
public final class JdbcRowWriter implements ItemWriter<RawRecord> {

	private final DataSource dataSource;

	private final String sql;

	private final TableMapping mapping;

	private final ColumnBinder[] binders;

	private final RecordLocator locator;

	public JdbcRowWriter(DataSource dataSource, TargetDialect dialect, TableMapping mapping, RecordLocator locator) {
		this.dataSource = dataSource;
		this.mapping = mapping;
		this.sql = mapping.insertSql(dialect);
		this.binders = mapping.columns().stream().map(ColumnBinder::forColumn).toArray(ColumnBinder[]::new);
		this.locator = locator;
	}

	@Override
	public void write(Chunk<? extends RawRecord> chunk) throws SQLException {
		Connection connection = DataSourceUtils.getConnection(this.dataSource);
		try (PreparedStatement statement = connection.prepareStatement(this.sql)) {
			int[] fields = this.mapping.fields();
			int fieldCount = this.mapping.fieldCount();
			for (RawRecord record : chunk) {
				if (record.problem() != null) {
					throw new BadRecordException(this.locator.at(record, record.problem()) + ": " + record.problem().message());
				}
				if (record.fieldCount() != fieldCount) {
					throw new BadRecordException(this.locator.at(record) + ": " + record.fieldCount() + " fields, but the "
							+ "header has " + fieldCount + "; a field with a delimiter or a line break inside must be quoted");
				}
				for (int c = 0; c < this.binders.length; c++) {
					try {
						this.binders[c].bind(statement, c + 1, record, fields[c]);
					}
					catch (ValueException ex) {
						throw new BadRecordException(this.locator.at(record, fields[c]) + ": " + ex.getMessage());
					}
				}
				statement.addBatch();
			}
			statement.executeBatch();
		}
		catch (BatchUpdateException ex) {
			throw new BadRecordException(describe(chunk) + ": the database refused the batch: " + ex.getMessage(), ex);
		}
		finally {
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
	}

	private String describe(Chunk<? extends RawRecord> chunk) {
		RawRecord first = chunk.getItems().get(0);
		RawRecord last = chunk.getItems().get(chunk.size() - 1);
		return this.locator.at(first) + " to line " + this.locator.line(last);
	}

}
