package io.rowlift.database.sqlite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

import javax.sql.DataSource;

import io.rowlift.database.JdbcUrl;
import io.rowlift.database.RunLock;
import io.rowlift.database.RunLocking;

/**
 * SQLite's run lock: an OS lock on {@code <database>.rowlift-lock}, so one load runs per database file at a time.
 * SQLite runs no statement of a killed process, so there is nothing orphaned to end.
 */
final class SqliteRunLocking implements RunLocking {

	/**
	 * The run lock files this process holds. Looking at a lock by opening its file is safe only where the
	 * process holds none of it: on Linux, closing any channel of a file releases every lock the process
	 * holds on it, so {@link RunLockBusyWait} asks here first.
	 */
	private static final java.util.Map<Path, String> HELD = new java.util.concurrent.ConcurrentHashMap<>();

	/** Whether this process holds the run lock {@code lockFile} ({@link #tryLock}). */
	static boolean heldHere(Path lockFile) {
		return HELD.containsKey(lockFile.toAbsolutePath().normalize());
	}

	/** The run lock's file beside the database {@code jdbcUrl} names. */
	static Path lockFile(String jdbcUrl) {
		return Path.of(SqliteConnectionSetup.databaseFile(JdbcUrl.parse(jdbcUrl).base()) + ".rowlift-lock");
	}

	@Override
	public RunLock tryLock(DataSource dataSource, String jdbcUrl, String table) {
		Path lockFile = lockFile(jdbcUrl);
		if (heldHere(lockFile)) {
			return null; // held by this process: opening and closing the file again would release it (HELD)
		}
		try {
			FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
			FileLock lock;
			try {
				lock = channel.tryLock();
			}
			catch (OverlappingFileLockException ex) {
				lock = null; // held by this JVM
			}
			if (lock == null) {
				channel.close();
				return null;
			}
			// the lock is one per database file: the holder's table, for status (runLockHolder)
			channel.truncate(0);
			channel.write(java.nio.ByteBuffer.wrap(table.getBytes(java.nio.charset.StandardCharsets.UTF_8)), 0);
			HELD.put(lockFile.toAbsolutePath().normalize(), table);
			return new FileRunLock(lockFile, channel, lock);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot lock " + lockFile + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * The lock file names the table whose load holds it (written by {@link #tryLock}); the lock is one per
	 * database file, so a load into any table of the file is refused while it is held. Taken and released
	 * at once to look (Java has no test for a lock another process holds).
	 */
	@Override
	public Optional<String> runLockHolder(DataSource dataSource, String jdbcUrl, String table) {
		Path lockFile = lockFile(jdbcUrl);
		String here = HELD.get(lockFile.toAbsolutePath().normalize());
		if (here != null) {
			return Optional.of(here); // this process's, known without opening the file (which would release it)
		}
		if (!Files.exists(lockFile)) {
			return Optional.empty(); // never locked: no load ever ran here
		}
		RunLock lock = tryLock(dataSource, jdbcUrl, table);
		if (lock != null) {
			lock.close();
			return Optional.empty();
		}
		try {
			return Optional.of(Files.readString(lockFile, java.nio.charset.StandardCharsets.UTF_8).strip());
		}
		catch (IOException ex) {
			return Optional.of("");
		}
	}

	private record FileRunLock(Path file, FileChannel channel, FileLock lock) implements RunLock {

		@Override
		public String description() {
			return "the lock file " + this.file;
		}

		@Override
		public void close() {
			try {
				HELD.remove(this.file.toAbsolutePath().normalize());
				this.lock.release();
				this.channel.close();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

}
