package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.RowliftException;
import io.rowlift.database.WritePath;
import io.rowlift.sort.KeyOrder;

class SizingTests {

	private static final int CORES = 8;

	private static final int POOL = 24;

	/** One row of the table: settings and inputs, and the sizing they give. */
	private record Case(String name, Integer partitions, Integer threads, Integer chunkSize, KeyOrder order,
			WritePath method, Sizing expected) {
	}

	/** A path whose sorted streams take larger chunks, as MySQL's LOAD DATA does. */
	private static final WritePath STREAMS = new WritePath(WritePath.Sink.ROW_STREAM, "LOAD DATA", "LOAD DATA LOCAL streams",
			50_000);

	@Test
	void choosesEachValueWithItsReason() {
		List<Case> cases = List.of(
				new Case("all defaults", null, null, null, KeyOrder.FILE, WritePath.INSERT_BATCHES,
						new Sizing(6, "the dialect's reason", 6, 10_000, "default")),
				new Case("threads at most the cores", 32, null, null, KeyOrder.CHUNK, WritePath.INSERT_BATCHES,
						new Sizing(32, "set by rowlift.job.partitions", CORES, 10_000, "default")),
				new Case("all set", 3, 2, 500, KeyOrder.FILE, STREAMS,
						new Sizing(3, "set by rowlift.job.partitions", 2, 500, "set by rowlift.job.chunk-size")),
				new Case("sorted: one stream whatever the settings", 16, 4, null, KeyOrder.SORT, WritePath.INSERT_BATCHES,
						new Sizing(1, "one stream merged in key order", 1, 10_000, "default")),
				new Case("sorted into LOAD DATA: larger chunks", null, null, null, KeyOrder.SORT, STREAMS,
						new Sizing(1, "one stream merged in key order", 1, 50_000, "default for one sorted stream into LOAD DATA")),
				new Case("sorted into LOAD DATA, chunk size set", null, null, 20_000, KeyOrder.SORT, STREAMS,
						new Sizing(1, "one stream merged in key order", 1, 20_000, "set by rowlift.job.chunk-size")),
				new Case("unsorted LOAD DATA keeps the default", null, null, null, KeyOrder.CHUNK, STREAMS,
						new Sizing(6, "the dialect's reason", 6, 10_000, "default")),
				new Case("the limits themselves", 4096, 21, 1, KeyOrder.FILE, WritePath.INSERT_BATCHES,
						new Sizing(4096, "set by rowlift.job.partitions", 21, 1, "set by rowlift.job.chunk-size")));
		for (Case c : cases) {
			assertThat(choose(c.partitions(), c.threads(), c.chunkSize(), c.order(), c.method())).as(c.name())
				.isEqualTo(c.expected());
		}
	}

	@Test
	void refusesValuesOutOfRangeWithExit2() {
		record Bad(Integer partitions, Integer threads, Integer chunkSize, String message) {
		}
		List<Bad> bad = List.of(new Bad(0, null, null, "rowlift.job.partitions is 0; it must be between 1 and 4096"),
				new Bad(4097, null, null, "rowlift.job.partitions is 4097; it must be between 1 and 4096"),
				new Bad(null, 0, null, "rowlift.job.threads is 0; it must be between 1 and "
						+ "spring.datasource.hikari.maximum-pool-size minus 3"),
				new Bad(64, 22, null, "rowlift.job.threads is 22; it must be between 1 and 21 "
						+ "(spring.datasource.hikari.maximum-pool-size minus 3; raise that to run more threads)"),
				new Bad(null, null, 0, "rowlift.job.chunk-size is 0; it must be at least 1"),
				new Bad(0, 0, 0, "rowlift.job.partitions is 0; it must be between 1 and 4096"));
		for (Bad b : bad) {
			assertThatThrownBy(() -> choose(b.partitions(), b.threads(), b.chunkSize(), KeyOrder.FILE, WritePath.INSERT_BATCHES))
				.as(b.message())
				.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
				.hasMessage(b.message());
		}
	}

	@Test
	void sortedStreamsAreAPartitionAndAThreadEachWhateverTheJobSettings() {
		Sizing two = Sizing.choose(settings(16, 4, null), KeyOrder.SORT, STREAMS, CORES, POOL, 6, "the dialect's reason",
				2, "the streams' reason");
		assertThat(two).isEqualTo(new Sizing(2, "2 streams merged in key order, one per key range (the streams' reason)", 2, 50_000,
				"default for sorted streams into LOAD DATA"));
		assertThat(Sizing.choose(settings(null, null, null), KeyOrder.FILE, STREAMS, CORES, POOL, 6, "the dialect's reason",
				3, "unused")).isEqualTo(new Sizing(6, "the dialect's reason", 6, 10_000, "default"));
		assertThatThrownBy(() -> Sizing.choose(settings(null, null, null), KeyOrder.SORT, STREAMS, CORES, 8, 6,
				"the dialect's reason", 6, "set by rowlift.sort.streams"))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("rowlift.sort.streams is 6; it must be between 1 and 5 (spring.datasource.hikari.maximum-pool-size minus 3:"
					+ " each stream writes on a connection of its own; raise that to run more streams)");
	}

	@Test
	void aSmallPoolLimitsTheDefaultThreadsToo() {
		assertThatThrownBy(() -> Sizing.choose(settings(null, null, null), KeyOrder.FILE, WritePath.INSERT_BATCHES, CORES, 8, 6,
				"the dialect's reason"))
			.hasMessageStartingWith("rowlift.job.threads is 6; it must be between 1 and 5 ");
	}

	private static Sizing choose(Integer partitions, Integer threads, Integer chunkSize, KeyOrder order, WritePath method) {
		return Sizing.choose(settings(partitions, threads, chunkSize), order, method, CORES, POOL, 6, "the dialect's reason");
	}

	private static JobProperties settings(Integer partitions, Integer threads, Integer chunkSize) {
		return new JobProperties(partitions, threads, chunkSize, 0, 2, false, false, null, false, java.time.Duration.ZERO, null, null);
	}

}
