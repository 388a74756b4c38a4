package io.rowlift.infer;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How {@code rowlift infer} works ({@code rowlift.infer.*}).
 *
 * @param outputDir where the migrations go, as {@code sqlite/V<n>__create_T.sql} and
 * {@code mysql/V<n>__create_T.sql} (default: the first {@code filesystem:} location of
 * {@code spring.flyway.locations}, without its {@code {vendor}} part)
 * @param keyMemory memory for checking that a key column is unique; more values than fit are sorted
 * in runs on disk and merged (default 256MB)
 * @param spillDir where those runs go while infer runs (default: the system's temporary folder)
 * @param threads byte ranges read at once (default: the cores)
 */
@ConfigurationProperties("rowlift.infer")
public record InferProperties(Path outputDir, @DefaultValue("256MB") DataSize keyMemory, Path spillDir, Integer threads) {

	public InferProperties {
		keyMemory = keyMemory == null ? DataSize.ofMegabytes(256) : keyMemory;
		if (keyMemory.toBytes() < 1024) {
			throw io.rowlift.RowliftException.badSetting("rowlift.infer.key-memory", keyMemory, "at least 1KB");
		}
		if (threads != null && threads < 1) {
			throw io.rowlift.RowliftException.badSetting("rowlift.infer.threads", threads, "at least 1");
		}
	}

	/** Threads to read with: the setting, else the cores. */
	public int threadCount() {
		return this.threads != null ? this.threads : Math.max(1, Runtime.getRuntime().availableProcessors());
	}

	/** Where key runs are spilled. */
	public Path spillRoot() {
		return this.spillDir != null ? this.spillDir : Path.of(System.getProperty("java.io.tmpdir"));
	}

}
