package io.rowlift.sort;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Key-ordered loading ({@code rowlift.sort.*}).
 *
 * @param keyOrder {@code auto} (default), {@code sort}, {@code chunk} or {@code file}: see
 *     {@link KeyOrder}; fixed by the first run of a load, a resume keeps it
 * @param memory records buffered in memory by the sort, over all its threads (default {@value #DEFAULT_MEMORY_MB}
 *     MB, less only on a heap under four times that); more memory, fewer and longer runs
 * @param spillDir folder for the sorted runs, which take up to twice the size of the data while the load
 *     runs (default: the JVM's temporary folder, {@code java.io.tmpdir})
 * @param streams how many ordered streams load a file sorted on disk, each a key range of its own on a
 *     connection of its own (default: the database's, {@code LoadSizing#defaultSortedStreams}: 2 on MySQL
 *     with two cores or more, 1 on SQLite); fixed by the first run of a load, a resume keeps it
 */
@ConfigurationProperties("rowlift.sort")
public record SortProperties(@DefaultValue("auto") KeyOrder keyOrder, DataSize memory, String spillDir, Integer streams) {

	/** Most sorted streams a load may have. */
	public static final int MAX_STREAMS = 64;

	/** @throws io.rowlift.RowliftException (exit 2) for a memory budget that is not positive, or streams out of range */
	public SortProperties {
		if (memory != null && memory.toBytes() < 1) {
			throw io.rowlift.RowliftException.badSetting("rowlift.sort.memory", memory, "more than 0 (such as 64MB)");
		}
		if (streams != null && (streams < 1 || streams > MAX_STREAMS)) {
			throw io.rowlift.RowliftException.badSetting("rowlift.sort.streams", streams, "between 1 and " + MAX_STREAMS);
		}
	}

	/**
	 * The default budget, in MB: a fixed size, not a share of the heap. Measured on 3M shuffled keys with
	 * the default heap of a 24 GB machine (docs/heap.md): peak RSS 589 MB at 32 MB, 654 MB at 64 MB,
	 * 865 MB at 128 MB, 835 MB at 256 MB, the sort's time within the noise of a shared machine; more
	 * memory only means fewer runs, and the merge of a few dozen runs costs no more than of a few.
	 */
	static final int DEFAULT_MEMORY_MB = 64;

	/** The sort's memory budget in bytes. */
	public long memoryBytes() {
		return this.memory != null ? this.memory.toBytes() : defaultMemory(Runtime.getRuntime().maxMemory());
	}

	/** {@value #DEFAULT_MEMORY_MB} MB, or a quarter of {@code maxHeap} when that is less. */
	static long defaultMemory(long maxHeap) {
		return Math.min((long) DEFAULT_MEMORY_MB << 20, maxHeap / 4);
	}

	/** The folder under which each load's runs get a folder of their own. */
	public java.nio.file.Path spillRoot() {
		return java.nio.file.Path.of(this.spillDir != null && !this.spillDir.isBlank() ? this.spillDir
				: System.getProperty("java.io.tmpdir"));
	}

}
