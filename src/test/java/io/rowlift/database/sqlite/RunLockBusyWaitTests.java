package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.database.RunLock;

/**
 * {@link RunLockBusyWait}: who holds a SQLite file's run lock, as another process sees it, and how long a
 * connection waits for each holder; the dialect's looks at a lock this process holds keep it held.
 */
class RunLockBusyWaitTests {

	@TempDir
	Path dir;

	@Test
	void waitsByHolder() {
		long tenMinutes = Duration.ofMinutes(10).toNanos();
		assertThat(RunLockBusyWait.limitNanos(RunLockBusyWait.Holder.THIS_PROCESS, 0)).isEqualTo(tenMinutes);
		assertThat(RunLockBusyWait.limitNanos(RunLockBusyWait.Holder.OTHER_RUN, 0)).isZero();
		assertThat(RunLockBusyWait.limitNanos(RunLockBusyWait.Holder.OTHER_RUN, tenMinutes)).isEqualTo(tenMinutes);
		assertThat(RunLockBusyWait.limitNanos(RunLockBusyWait.Holder.NOBODY, 0)).isEqualTo(Duration.ofSeconds(10).toNanos());
	}

	/**
	 * Looking at a lock this process holds must not let go of it: on Linux closing any channel of the file
	 * releases every lock the process holds on it, so the look does not open the file then.
	 */
	@Test
	void theHolderIsThisProcessAndTheLockStaysHeldForOtherProcesses() throws Exception {
		String url = "jdbc:sqlite:" + this.dir.resolve("t.db");
		Path lockFile = SqliteRunLocking.lockFile(url);
		assertThat(RunLockBusyWait.holder(lockFile)).isEqualTo(RunLockBusyWait.Holder.NOBODY);
		try (RunLock lock = new SqliteDialect().locks().tryLock(null, url, "t")) {
			assertThat(RunLockBusyWait.holder(lockFile)).isEqualTo(RunLockBusyWait.Holder.THIS_PROCESS);
			// and the dialect's own looks: a second lock of the file in this process, who holds it
			assertThat(new SqliteDialect().locks().tryLock(null, url, "u")).isNull();
			assertThat(new SqliteDialect().locks().runLockHolder(null, url, "u")).contains("t");
			assertThat(otherProcessSees(lockFile)).isEqualTo("held");
		}
		assertThat(RunLockBusyWait.holder(lockFile)).isEqualTo(RunLockBusyWait.Holder.NOBODY);
		assertThat(otherProcessSees(lockFile)).isEqualTo("free");
	}

	/** What another JVM finds when it tries the lock: {@code held} or {@code free}. */
	private String otherProcessSees(Path lockFile) throws Exception {
		Path source = Files.writeString(this.dir.resolve("TryLock.java"), """
				import java.nio.channels.FileChannel;
				import java.nio.file.Path;
				import java.nio.file.StandardOpenOption;
				public class TryLock {
					public static void main(String[] args) throws Exception {
						try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.WRITE)) {
							System.out.print(channel.tryLock() == null ? "held" : "free");
						}
					}
				}
				""");
		Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), source.toString(),
				lockFile.toString()).redirectErrorStream(true).start();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		return new String(process.getInputStream().readAllBytes()).strip();
	}

}
