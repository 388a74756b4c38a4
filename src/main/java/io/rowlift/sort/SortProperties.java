package io.rowlift.sort;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Key-ordered loading ({@code rowlift.sort.*}).
 *
 * @param keyOrder {@code auto} (default), {@code sort}, {@code chunk} or {@code file}: see
 *     {@link KeyOrder}; fixed by the first run of a load, a resume keeps it
 * @param memory records buffered in memory by the sort, over all its threads (default: a quarter of
 *     the JVM's maximum heap, at most 256 MB); more memory, fewer and longer runs
 * @param spillDir folder for the sorted runs, which take up to twice the size of the data while the load
 *     runs (default: the JVM's temporary folder, {@code java.io.tmpdir})
 */
@ConfigurationProperties("rowlift.sort")
public record SortProperties(@DefaultValue("auto") KeyOrder keyOrder, DataSize memory, String spillDir) {

	/** The sort's memory budget in bytes. */
	public long memoryBytes() {
		return this.memory != null ? this.memory.toBytes() : Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 4);
	}

	/** The folder under which each load's runs get a folder of their own. */
	public java.nio.file.Path spillRoot() {
		return java.nio.file.Path.of(this.spillDir != null && !this.spillDir.isBlank() ? this.spillDir
				: System.getProperty("java.io.tmpdir"));
	}

}
