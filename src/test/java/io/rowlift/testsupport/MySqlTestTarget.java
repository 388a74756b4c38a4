package io.rowlift.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A fresh database on the MySQL/MariaDB server named by the system property or environment
 * variable {@code ROWLIFT_TEST_MYSQL_URL} (default {@code jdbc:mysql://127.0.0.1:3306/}, user root, no
 * password). Without a server the tests are skipped on a developer machine and fail when
 * {@code CI=true}.
 */
public final class MySqlTestTarget implements TestTarget {

	private final String server;

	private final String user;

	private final String password;

	private final String database;

	private final List<String> extraOptions;

	public MySqlTestTarget(String name) {
		this(name, List.of());
	}

	/** @param extraOptions options every run on this target gets, after the connection's */
	public MySqlTestTarget(String name, List<String> extraOptions) {
		this.extraOptions = List.copyOf(extraOptions);
		String url = System.getProperty("rowlift.test.mysql.url", System.getenv("ROWLIFT_TEST_MYSQL_URL"));
		this.server = url == null ? "jdbc:mysql://127.0.0.1:3306/" : url;
		this.user = System.getenv().getOrDefault("ROWLIFT_TEST_MYSQL_USER", "root");
		this.password = System.getenv().getOrDefault("ROWLIFT_TEST_MYSQL_PASSWORD", "");
		// ROWLIFT_TEST_DB_PREFIX keeps two checkouts testing against one server out of each other's databases
		this.database = "rowlift_it_" + System.getenv().getOrDefault("ROWLIFT_TEST_DB_PREFIX", "") + name.toLowerCase();
	}

	/** Skips (developer machine) or fails (CI) when no server answers. */
	public void requireServer() {
		try (Connection c = DriverManager.getConnection(this.server, this.user, this.password)) {
			c.isValid(5);
		}
		catch (SQLException ex) {
			String why = "no MySQL/MariaDB server at " + this.server + ": " + ex.getMessage();
			if ("true".equals(System.getenv("CI"))) {
				Assertions.fail(why + " (CI=true: database tests must not be skipped)");
			}
			Assumptions.abort(why);
		}
	}

	@Override
	public String id() {
		return "mysql";
	}

	/** The JDBC URL of this target's database, without credentials. */
	public String url() {
		return this.server + this.database;
	}

	/** The server's user the tests connect as ({@code ROWLIFT_TEST_MYSQL_USER}, default root). */
	public String user() {
		return this.user;
	}

	/** That user's password ({@code ROWLIFT_TEST_MYSQL_PASSWORD}, default none). */
	public String password() {
		return this.password;
	}

	/** The name of this target's database on the server. */
	public String database() {
		return this.database;
	}

	@Override
	public void reset() throws SQLException {
		LoadSessions.closeEverywhere(); // their pools hold connections to the database this replaces
		try (Connection c = DriverManager.getConnection(this.server, this.user, this.password);
				Statement st = c.createStatement()) {
			st.execute("DROP DATABASE IF EXISTS " + this.database);
			st.execute("CREATE DATABASE " + this.database + " CHARACTER SET utf8mb4");
		}
	}

	@Override
	public List<String> options() {
		List<String> options = new java.util.ArrayList<>(List.of("--spring.profiles.active=mysql",
				"--spring.datasource.url=" + this.server + this.database, "--spring.datasource.username=" + this.user,
				"--spring.datasource.password=" + this.password, "--spring.flyway.locations=classpath:db/migration/{vendor}"));
		options.addAll(this.extraOptions);
		return options;
	}

	@Override
	public Connection connect() throws SQLException {
		return DriverManager.getConnection(this.server + this.database, this.user, this.password);
	}

	@Override
	public Set<String> indexes(String table) throws SQLException {
		Set<String> names = new TreeSet<>();
		try (Connection c = connect();
				PreparedStatement ps = c.prepareStatement("SELECT DISTINCT INDEX_NAME FROM information_schema.STATISTICS"
						+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY'")) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					names.add(rs.getString(1));
				}
			}
		}
		return names;
	}

	@Override
	public AutoCloseable holdRunLock(String table) throws Exception {
		Connection c = connect();
		try (PreparedStatement ps = c.prepareStatement("SELECT GET_LOCK(?, 0)")) {
			ps.setString(1, io.rowlift.database.mysql.MySqlDialectAccess.lockName(this.database, table));
			try (ResultSet rs = ps.executeQuery()) {
				rs.next();
				Assertions.assertEquals(1, rs.getInt(1), "the test could not take the run lock");
			}
		}
		return c::close;
	}

	@Override
	public void dispose() throws SQLException {
		LoadSessions.closeEverywhere();
		try (Connection c = DriverManager.getConnection(this.server, this.user, this.password);
				Statement st = c.createStatement()) {
			st.execute("DROP DATABASE IF EXISTS " + this.database);
		}
	}

}
