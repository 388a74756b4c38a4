package io.rowlift.job;

import java.util.List;
import java.util.Optional;

/**
 * The line a load of a large file logs when the JVM runs with its default heap limit: what that limit
 * costs, measured, and the option that avoids it (issue #14: a jar carries no JVM option, so the
 * program says which one it needs).
 *
 * <p>Why: with HotSpot's default limit (a quarter of the RAM: 6,028 MB on a 24 GB machine) G1 grows
 * the heap whenever its pauses take more than about 1 % of the time, and eden then walks through the
 * regions it has grown into; the resident memory follows the pauses, not the data (docs/heap.md, about
 * 20-40 MB live during a load). With {@code -Xmx1g} (what {@code bin/rowlift} passes) the resident
 * memory stays lower at the same speed. Measured on the benchmark's docs 1M into MariaDB, three pairs
 * (docs/heap.md, round three): {@value #MEASURED}.
 *
 * <p>Said only when the limit is the JVM's own choice (no {@code -Xmx}, {@code -XX:MaxHeapSize},
 * {@code -XX:MaxRAM...} among the JVM's arguments), above {@value #ADVISED_MAX_BYTES} bytes, and for a
 * file of {@value #MIN_BYTES} bytes or more (a small file never grows the heap). Stateless.
 */
final class HeapNotice {

	/** 1 GiB, the limit {@code bin/rowlift} passes and this notice advises. */
	static final long ADVISED_MAX_BYTES = 1L << 30;

	/**
	 * 64 MiB: below it the default limit made no measurable difference (wide shape into SQLite, one run
	 * each, default limit against {@code -Xmx1g}: 33 MB file 285 / 253 MB resident, 66 MB 322 / 358 MB,
	 * 132 MB 476 / 404 MB).
	 */
	static final long MIN_BYTES = 64L << 20;

	/** What the default limit was measured to cost (docs/heap.md, round three). */
	static final String MEASURED = "docs 1M into MariaDB peaked at 746-996 MB resident with the default limit,"
			+ " 479-584 MB with -Xmx1g, which was 2-9 % faster";

	private HeapNotice() {
	}

	/**
	 * @param fileBytes the input file's size
	 * @param maxHeapBytes the JVM's heap limit ({@link Runtime#maxMemory()})
	 * @param jvmArguments the JVM's own arguments (the runtime MXBean's input arguments)
	 * @return the line to log, or empty when the heap is bounded or the file small
	 */
	static Optional<String> of(long fileBytes, long maxHeapBytes, List<String> jvmArguments) {
		if (fileBytes < MIN_BYTES || maxHeapBytes <= ADVISED_MAX_BYTES || setsHeapLimit(jvmArguments)) {
			return Optional.empty();
		}
		return Optional.of("the JVM runs with its default heap limit, " + (maxHeapBytes >> 20)
				+ " MB here: G1 grows the heap towards it when its pauses take more than 1 % of the time, and the"
				+ " resident memory follows (" + MEASURED + "); start Rowlift with java -Xmx1g -jar ... to bound it"
				+ " (bin/rowlift passes -Xmx1g; docs/heap.md)");
	}

	/** Whether the JVM was told its heap limit, directly or through its RAM sizing. */
	static boolean setsHeapLimit(List<String> jvmArguments) {
		for (String argument : jvmArguments) {
			if (argument.startsWith("-Xmx") || argument.startsWith("-XX:MaxHeapSize=")
					|| argument.startsWith("-XX:MaxRAM")) {
				return true;
			}
		}
		return false;
	}

}
