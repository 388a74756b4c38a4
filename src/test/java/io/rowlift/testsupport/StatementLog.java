package io.rowlift.testsupport;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * A {@link DataSource} that records the SQL of every statement run through it (the text given to
 * {@code prepareStatement}, {@code execute}, {@code executeQuery}, {@code executeUpdate}, {@code addBatch}),
 * so a test can say which statements a piece of code ran. Connections come from the data source it wraps.
 * Thread-safe.
 */
public final class StatementLog implements DataSource {

	private final DataSource target;

	private final List<String> statements = new ArrayList<>();

	public StatementLog(DataSource target) {
		this.target = target;
	}

	/** The statements run so far, in order. */
	public synchronized List<String> statements() {
		return List.copyOf(this.statements);
	}

	/** Forgets the statements run so far. */
	public synchronized void clear() {
		this.statements.clear();
	}

	private synchronized void record(String sql) {
		this.statements.add(sql);
	}

	@Override
	public Connection getConnection() throws SQLException {
		return recording(this.target.getConnection());
	}

	@Override
	public Connection getConnection(String username, String password) throws SQLException {
		return recording(this.target.getConnection(username, password));
	}

	private Connection recording(Connection connection) {
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(proxy, method, args) -> {
					if (method.getName().startsWith("prepare") && args != null && args[0] instanceof String sql) {
						record(sql);
					}
					Object result = invoke(method, connection, args);
					if (result instanceof Statement statement) {
						return statement(statement);
					}
					return result;
				});
	}

	private Object statement(Statement statement) {
		Class<?> type = statement instanceof CallableStatement ? CallableStatement.class
				: statement instanceof PreparedStatement ? PreparedStatement.class : Statement.class;
		InvocationHandler handler = (proxy, method, args) -> {
			if ((method.getName().startsWith("execute") || method.getName().equals("addBatch")) && args != null
					&& args.length > 0 && args[0] instanceof String sql) {
				record(sql);
			}
			return invoke(method, statement, args);
		};
		return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { type }, handler);
	}

	private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	@Override
	public PrintWriter getLogWriter() throws SQLException {
		return this.target.getLogWriter();
	}

	@Override
	public void setLogWriter(PrintWriter out) throws SQLException {
		this.target.setLogWriter(out);
	}

	@Override
	public void setLoginTimeout(int seconds) throws SQLException {
		this.target.setLoginTimeout(seconds);
	}

	@Override
	public int getLoginTimeout() throws SQLException {
		return this.target.getLoginTimeout();
	}

	@Override
	public Logger getParentLogger() {
		return Logger.getGlobal();
	}

	@Override
	public <T> T unwrap(Class<T> type) throws SQLException {
		if (type.isInstance(this)) {
			return type.cast(this);
		}
		return this.target.unwrap(type);
	}

	@Override
	public boolean isWrapperFor(Class<?> type) throws SQLException {
		return type.isInstance(this) || this.target.isWrapperFor(type);
	}

}
