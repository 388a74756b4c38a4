package io.rowlift.testsupport;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** A SQLite file in a temporary folder. */
public final class SqliteTestTarget implements TestTarget {

	private final Path dir;

	private Path file;

	private int generation;

	private final List<String> extraOptions;

	/** What Rowlift's URL gets after the file's name ({@code ?foreign_keys=true}), or "". */
	private final String urlParameters;

	public SqliteTestTarget(Path dir) {
		this(dir, List.of());
	}

	/** @param extraOptions options every run on this target gets, after the connection's */
	public SqliteTestTarget(Path dir, List<String> extraOptions) {
		this(dir, extraOptions, "");
	}

	private SqliteTestTarget(Path dir, List<String> extraOptions, String urlParameters) {
		this.dir = dir;
		this.extraOptions = List.copyOf(extraOptions);
		this.urlParameters = urlParameters;
	}

	/** A target whose Rowlift runs check foreign keys ({@code foreign_keys=true} in the URL; SQLite's default is off). */
	public static SqliteTestTarget withForeignKeys(Path dir, List<String> extraOptions) {
		return new SqliteTestTarget(dir, extraOptions, "?foreign_keys=true");
	}

	@Override
	public String id() {
		return "sqlite";
	}

	@Override
	public void reset() throws java.io.IOException {
		LoadSessions.closeEverywhere(); // their pools hold connections to the database this replaces
		this.file = this.dir.resolve("db" + (++this.generation) + "/target.db");
		Files.createDirectories(this.file.getParent());
	}

	public Path file() {
		return this.file;
	}

	@Override
	public List<String> options() {
		List<String> options = new java.util.ArrayList<>(List.of("--spring.profiles.active=sqlite",
				"--spring.datasource.url=jdbc:sqlite:" + this.file + this.urlParameters, "--spring.flyway.locations=classpath:db/migration/{vendor}"));
		options.addAll(this.extraOptions);
		return options;
	}

	@Override
	public Connection connect() throws SQLException {
		return DriverManager.getConnection("jdbc:sqlite:" + this.file);
	}

	@Override
	public Set<String> indexes(String table) throws SQLException {
		Set<String> names = new TreeSet<>();
		try (Connection c = connect();
				ResultSet rs = c.createStatement()
					.executeQuery("SELECT name FROM sqlite_master WHERE type='index' AND tbl_name='" + table
							+ "' AND name NOT LIKE 'sqlite_autoindex%'")) {
			while (rs.next()) {
				names.add(rs.getString(1));
			}
		}
		return names;
	}

	@Override
	public AutoCloseable holdRunLock(String table) throws Exception {
		Path lockFile = Path.of(this.file + ".rowlift-lock");
		Files.createDirectories(lockFile.getParent());
		FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
		FileLock lock = channel.lock();
		return () -> {
			lock.release();
			channel.close();
		};
	}

	@Override
	public void dispose() {
		LoadSessions.closeEverywhere();
	}

}
