package io.rowlift.testsupport;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import io.rowlift.RowliftApplication;

/**
 * Times loads run one after the other in one JVM, as the integration tests run them ({@link RowliftRun}: a
 * Spring application per load): {@code java [JVM OPTIONS] -cp target/classes:target/test-classes:<deps>
 * io.rowlift.testsupport.InJvmLoadTiming RUNS}, from the project's root. Each run loads the quick start's
 * sample (examples/people, 5,000 rows) into a new SQLite file and prints its wall and process CPU
 * milliseconds; the last line gives the medians of the second half of the runs (a warm JVM). A measuring tool
 * for the failsafe JVM's options (docs/development.md, "Suite time"), not a test.
 */
public final class InJvmLoadTiming {

	private InJvmLoadTiming() {
	}

	public static void main(String[] args) throws Exception {
		int runs = Integer.parseInt(args[0]);
		Path sample = Path.of("examples/people").toAbsolutePath();
		Path dir = Files.createTempDirectory("rowlift-injvm");
		com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory
			.getOperatingSystemMXBean();
		long[] wall = new long[runs];
		long[] cpu = new long[runs];
		for (int i = 0; i < runs; i++) {
			long t0 = System.nanoTime();
			long c0 = os.getProcessCpuTime();
			int code = RowliftApplication.run("--spring.config.additional-location=" + sample + "/",
					"--rowlift.source.path=" + sample.resolve("people.csv"),
					"--spring.datasource.url=jdbc:sqlite:" + dir.resolve("people-" + i + ".db"),
					"--spring.flyway.locations=filesystem:" + sample.resolve("db") + "/{vendor}");
			wall[i] = (System.nanoTime() - t0) / 1_000_000;
			cpu[i] = (os.getProcessCpuTime() - c0) / 1_000_000;
			System.err.printf("in-jvm run %d: exit %d, %d ms wall, %d ms CPU%n", i + 1, code, wall[i], cpu[i]);
		}
		System.err.printf("in-jvm medians of runs %d-%d: %d ms wall, %d ms CPU%n", runs / 2 + 1, runs, median(wall, runs / 2),
				median(cpu, runs / 2));
	}

	private static long median(long[] values, int from) {
		long[] warm = java.util.Arrays.copyOfRange(values, from, values.length);
		java.util.Arrays.sort(warm);
		return warm[warm.length / 2];
	}

}
