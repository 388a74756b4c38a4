package io.rowlift.infer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exact uniqueness check, in memory and spilled to disk. */
class KeyCheckTests {

	@TempDir
	Path spill;

	private static void add(KeyCheck.Collector c, String value) {
		byte[] b = value.getBytes(StandardCharsets.UTF_8);
		c.add(b, 0, b.length);
	}

	@Test
	void uniqueIntegersAndTextInMemory() throws Exception {
		KeyCheck check = new KeyCheck("id", 1 << 20, this.spill);
		KeyCheck.Collector a = check.collector();
		KeyCheck.Collector b = check.collector();
		for (int i = 0; i < 1000; i++) {
			add(i % 2 == 0 ? a : b, Integer.toString(i));
			add(a, "k" + i);
		}
		KeyCheck.Result r = check.result();
		assertThat(r.unique()).isTrue();
		assertThat(r.note()).contains("unique").contains("2,000 values sorted in memory");
	}

	@Test
	void aRepeatAcrossReadersIsFound() throws Exception {
		KeyCheck check = new KeyCheck("id", 1 << 20, this.spill);
		KeyCheck.Collector a = check.collector();
		KeyCheck.Collector b = check.collector();
		add(a, "17");
		add(a, "x");
		add(b, "3");
		add(b, "17");
		KeyCheck.Result r = check.result();
		assertThat(r.unique()).isFalse();
		assertThat(r.note()).contains("'17' appears more than once");
	}

	@Test
	void textThatLooksDifferentIsDifferent() throws Exception {
		KeyCheck check = new KeyCheck("code", 1 << 20, this.spill);
		KeyCheck.Collector a = check.collector();
		add(a, "007");
		add(a, "7");
		add(a, "07");
		assertThat(check.result().unique()).isTrue();
	}

	@Test
	void beyondTheMemoryBudgetValuesAreSortedInRunsOnDiskAndARepeatIsStillFound() throws Exception {
		for (boolean repeat : new boolean[] { false, true }) {
			KeyCheck check = new KeyCheck("id", 4096, this.spill);
			KeyCheck.Collector a = check.collector();
			KeyCheck.Collector b = check.collector();
			Random random = new Random(7);
			int n = 20_000;
			int[] order = new int[n];
			for (int i = 0; i < n; i++) {
				order[i] = i;
			}
			for (int i = n - 1; i > 0; i--) {
				int j = random.nextInt(i + 1);
				int t = order[i];
				order[i] = order[j];
				order[j] = t;
			}
			for (int i = 0; i < n; i++) {
				add(i % 3 == 0 ? a : b, Integer.toString(order[i]));
				add(i % 3 == 0 ? b : a, "key-" + order[i]);
			}
			if (repeat) {
				add(b, "key-" + order[5]);
			}
			KeyCheck.Result r = check.result();
			assertThat(r.note()).contains("run(s) on disk");
			assertThat(r.unique()).isEqualTo(!repeat);
			try (var files = Files.list(this.spill)) {
				assertThat(files.count()).as("runs deleted").isZero();
			}
		}
	}

	@Test
	void emptyValuesOrLongValuesMakeNoKey() throws Exception {
		KeyCheck check = new KeyCheck("id", 1 << 20, this.spill);
		KeyCheck.Collector a = check.collector();
		add(a, "1");
		check.disqualify("it has empty values");
		KeyCheck.Result r = check.result();
		assertThat(r.unique()).isFalse();
		assertThat(r.note()).isEqualTo("id: not a key, it has empty values");
		KeyCheck longer = new KeyCheck("id", 1 << 20, this.spill);
		add(longer.collector(), "x".repeat(KeyCheck.LONGEST + 1));
		assertThat(longer.result().note()).contains("longer than 1024 bytes");
	}

	@Test
	void plainIntegersAreKeptAsLongs() {
		byte[] b = "-12".getBytes(StandardCharsets.US_ASCII);
		assertThat(KeyCheck.canonicalLong(b, 0, 3)).isEqualTo(-12);
		for (String notPlain : new String[] { "+1", "-0", "01", "1a", "-", "1234567890123456789" }) {
			byte[] x = notPlain.getBytes(StandardCharsets.US_ASCII);
			assertThat(KeyCheck.canonicalLong(x, 0, x.length)).as(notPlain).isEqualTo(Long.MIN_VALUE);
		}
	}

	@Test
	void idLikeNames() {
		for (String name : new String[] { "id", "ID", "user_id", "userId", "key", "order_key", "uuid", "customer id" }) {
			assertThat(Inference.idLike(name)).as(name).isTrue();
		}
		for (String name : new String[] { "idea", "paid", "video", "width", "keys" }) {
			assertThat(Inference.idLike(name)).as(name).isFalse();
		}
	}

}
