package io.rowlift.database.sqlite;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

import org.sqlite.BusyHandler;

/**
 * How long a connection of Rowlift's pool waits for a SQLite file that another connection has locked
 * ({@code SQLITE_BUSY}), by who holds the file's run lock ({@code <database>.rowlift-lock}):
 * <ul>
 * <li>this process: its own partitions queue for the one write lock, up to {@value #OWN_WAIT_MS} ms (SQLite's
 * {@code busy_timeout} as Rowlift set it before);
 * <li>another process, a run of Rowlift: up to {@code rowlift.job.lock-wait} (0 by default: at once), as a
 * second load waits for the run lock; the run may hold the file for minutes (its index build with a
 * rollback journal lets no reader in), and the caller then refuses the command as "another run is active";
 * <li>nobody (another program holds the file, such as a sqlite3 shell in a write transaction): up to
 * {@code rowlift.job.lock-wait}, at least {@value #OTHER_PROGRAM_WAIT_MS} ms.
 * </ul>
 * The holder is looked at when the wait starts and every {@value #LOOK_MS} ms (the run lock is taken and
 * released at once to look, as {@link SqliteRunLocking#runLockHolder} does). One per connection; SQLite calls
 * it on the connection's thread.
 */
final class RunLockBusyWait extends BusyHandler {

	static final long OWN_WAIT_MS = 600_000;

	static final long OTHER_PROGRAM_WAIT_MS = 10_000;

	static final long LOOK_MS = 250;

	/** SQLite's own busy handler's sleeps, in ms: short first, so a partition gets the write lock soon after it is free. */
	private static final int[] SLEEPS = { 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100 };

	/** Who holds the run lock of the file. */
	enum Holder {
		THIS_PROCESS, OTHER_RUN, NOBODY
	}

	private final Path lockFile;

	private final long lockWaitNanos;

	private long since;

	private long looked;

	private Holder holder;

	RunLockBusyWait(Path lockFile, Duration lockWait) {
		this.lockFile = lockFile;
		this.lockWaitNanos = nanos(lockWait);
	}

	static long nanos(Duration lockWait) {
		return lockWait == null || lockWait.isNegative() ? 0 : lockWait.toNanos();
	}

	@Override
	protected int callback(int previous) {
		long now = System.nanoTime();
		if (previous == 0) {
			this.since = now;
			this.holder = null;
		}
		if (this.holder == null || now - this.looked > LOOK_MS * 1_000_000) {
			this.holder = holder(this.lockFile);
			this.looked = now;
		}
		if (now - this.since >= limitNanos(this.holder, this.lockWaitNanos)) {
			return 0; // SQLITE_BUSY to the caller
		}
		try {
			Thread.sleep(SLEEPS[Math.min(previous, SLEEPS.length - 1)]);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 0;
		}
		return 1;
	}

	/** How long to wait for the file while {@code holder} holds its run lock. */
	static long limitNanos(Holder holder, long lockWaitNanos) {
		return switch (holder) {
			case THIS_PROCESS -> OWN_WAIT_MS * 1_000_000;
			case OTHER_RUN -> lockWaitNanos;
			case NOBODY -> Math.max(lockWaitNanos, OTHER_PROGRAM_WAIT_MS * 1_000_000);
		};
	}

	/** Who holds the run lock {@code lockFile}; a file that does not exist was never locked. */
	static Holder holder(Path lockFile) {
		if (SqliteRunLocking.heldHere(lockFile)) {
			return Holder.THIS_PROCESS; // without opening the file: closing a channel of it would release the lock
		}
		if (!Files.exists(lockFile)) {
			return Holder.NOBODY;
		}
		try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
			FileLock lock = channel.tryLock();
			if (lock == null) {
				return Holder.OTHER_RUN;
			}
			lock.release();
			return Holder.NOBODY;
		}
		catch (OverlappingFileLockException ex) {
			return Holder.THIS_PROCESS; // taken by this process in between
		}
		catch (IOException ex) {
			return Holder.NOBODY; // cannot look: wait as for another program
		}
	}

}
