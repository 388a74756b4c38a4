package io.rowlift.database.write;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import io.rowlift.database.BatchStatement;

/**
 * A {@link BatchStatement} through the JDBC driver: every call forwards to the statement (write
 * method {@link WriteMethod#INSERT}, {@link WritePath.Sink#INSERT_BATCHES}). Not thread-safe, like its statement.
 */
public final class StatementSink implements BatchStatement {

	private final PreparedStatement statement;

	public StatementSink(PreparedStatement statement) {
		this.statement = statement;
	}

	@Override
	public PreparedStatement statement() {
		return this.statement;
	}

	@Override
	public void addBatch() throws SQLException {
		this.statement.addBatch();
	}

	@Override
	public void executeBatch() throws SQLException {
		this.statement.executeBatch();
	}

	@Override
	public void clearBatch() throws SQLException {
		this.statement.clearBatch();
	}

	@Override
	public void clearParameters() throws SQLException {
		this.statement.clearParameters();
	}

	@Override
	public void executeUpdate() throws SQLException {
		this.statement.executeUpdate();
	}

	@Override
	public void setNull(int parameter, int sqlType) throws SQLException {
		this.statement.setNull(parameter, sqlType);
	}

	@Override
	public void setLong(int parameter, long value) throws SQLException {
		this.statement.setLong(parameter, value);
	}

	@Override
	public void setInt(int parameter, int value) throws SQLException {
		this.statement.setInt(parameter, value);
	}

	@Override
	public void setDouble(int parameter, double value) throws SQLException {
		this.statement.setDouble(parameter, value);
	}

	@Override
	public void setString(int parameter, String value) throws SQLException {
		this.statement.setString(parameter, value);
	}

	@Override
	public void setBigDecimal(int parameter, BigDecimal value) throws SQLException {
		this.statement.setBigDecimal(parameter, value);
	}

	@Override
	public void setBytes(int parameter, byte[] value) throws SQLException {
		this.statement.setBytes(parameter, value);
	}

}
