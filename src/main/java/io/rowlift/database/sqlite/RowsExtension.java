package io.rowlift.database.sqlite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;

/**
 * Rowlift's SQLite extension {@code rowlift_rows} (write method {@code insert-select}): the library the
 * build put into the jar for this platform ({@code io/rowlift/database/sqlite/native/<os>-<arch>/}),
 * copied once per process into a private folder (owner only, removed when the JVM exits) and loaded
 * into each connection of the pool with sqlite-jdbc's own setting ({@code enable_load_extension}) and
 * SQLite's {@code load_extension()}. The library calls SQLite only through the routine table SQLite
 * hands it, so it uses the driver's own SQLite: no second copy in the process, no driver internals.
 *
 * <p>Whether it can be used is found out once per process ({@link #status}): the resource for this
 * platform exists (a build without a C compiler, with {@code -Dnative.skip=true} or for another
 * platform has none), it can be copied, and a throwaway in-memory connection loads it and reads its
 * format. Otherwise {@link Status#unavailable} says why, in words for the summary. Thread-safe.
 *
 * <p>Test hook: the system property {@value #PLATFORM_PROPERTY} names another platform (as
 * {@code none}), so the library is looked up there and not found; it is read on every call.
 */
public final class RowsExtension {

	/** The buffer format the Java side writes ({@link io.rowlift.database.RowsBuffer}) and the library reads. */
	static final int FORMAT = 1;

	/** The library's entry point. */
	static final String ENTRY = "sqlite3_rowliftrows_init";

	static final String LIBRARY = "librowlift_rows.so";

	/** Test hook: the platform to look the library up for. Operators never set it. */
	public static final String PLATFORM_PROPERTY = "rowlift.test.sqlite-extension-platform";

	/** Columns the library's table has ({@code c0} to {@code c1997}). */
	static final int MAX_COLUMNS = 1998;

	/**
	 * @param library the private copy to load, or null
	 * @param unavailable why it cannot be used, or null when it can
	 */
	public record Status(Path library, String unavailable) {

		public boolean available() {
			return this.unavailable == null;
		}

		/** {@code SELECT load_extension(...)} of the library (only when available). */
		public String loadSql() {
			return "SELECT load_extension('" + this.library.toString().replace("'", "''") + "', '" + ENTRY + "')";
		}

	}

	private static Status status;

	private RowsExtension() {
	}

	/** Whether the extension can be loaded here, and from where; found out on the first call. */
	public static synchronized Status status() {
		String platform = System.getProperty(PLATFORM_PROPERTY);
		if (platform != null) {
			return find(platform);
		}
		if (status == null) {
			status = find(platform());
		}
		return status;
	}

	/** {@code linux-x86_64}, {@code linux-aarch64}, ... as the build names its folders. */
	static String platform() {
		String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
		String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
		String osName = os.contains("linux") ? "linux" : os.contains("mac") ? "macos" : os.contains("win") ? "windows" : os.replace(' ', '-');
		String archName = switch (arch) {
			case "amd64", "x86_64" -> "x86_64";
			case "aarch64", "arm64" -> "aarch64";
			default -> arch;
		};
		return osName + "-" + archName;
	}

	static Status find(String platform) {
		String resource = "native/" + platform + "/" + LIBRARY;
		try (InputStream in = RowsExtension.class.getResourceAsStream(resource)) {
			if (in == null) {
				return new Status(null, "this Rowlift build has no rowlift_rows extension for " + platform
						+ " (built without a C compiler, with -Dnative.skip=true, or for another platform; README: SQLite's fast path)");
			}
			Path library = extract(in);
			return probe(library);
		}
		catch (IOException | RuntimeException ex) {
			return new Status(null, "the rowlift_rows extension could not be copied out of the jar: " + ex.getMessage());
		}
	}

	/** Copies the library into a new folder only the owner can read, both removed when the JVM exits. */
	private static Path extract(InputStream in) throws IOException {
		boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
		Path folder = posix
				? Files.createTempDirectory("rowlift-sqlite-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
				: Files.createTempDirectory("rowlift-sqlite-");
		folder.toFile().deleteOnExit();
		Path library = folder.resolve(LIBRARY);
		library.toFile().deleteOnExit(); // registered after the folder: removed before it
		Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
		if (posix) {
			Files.setPosixFilePermissions(library, PosixFilePermissions.fromString("r-x------"));
		}
		return library;
	}

	/** Loads the library into a throwaway in-memory connection and checks its format. */
	static Status probe(Path library) {
		Status loaded = new Status(library, null);
		Properties properties = new Properties();
		properties.setProperty("enable_load_extension", "true");
		try (Connection connection = new org.sqlite.JDBC().connect("jdbc:sqlite::memory:", properties);
				Statement st = connection.createStatement()) {
			st.execute(loaded.loadSql());
			try (ResultSet rs = st.executeQuery("SELECT rowlift_rows_format(), (SELECT count(*) FROM rowlift_rows(NULL))")) {
				int format = rs.next() ? rs.getInt(1) : -1;
				if (format != FORMAT) {
					return new Status(null, "the rowlift_rows extension in the jar reads buffer format " + format + ", not "
							+ FORMAT + " (a library of another build)");
				}
			}
			return loaded;
		}
		catch (SQLException | RuntimeException ex) {
			return new Status(null, "sqlite-jdbc did not load the rowlift_rows extension (" + String.valueOf(ex.getMessage()).strip() + ")");
		}
	}

	/** Whether a connection of the pool has the extension loaded. */
	static boolean loadedOn(Connection connection) {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT rowlift_rows_format()")) {
			return rs.next() && rs.getInt(1) == FORMAT;
		}
		catch (SQLException ex) {
			return false;
		}
	}

}
