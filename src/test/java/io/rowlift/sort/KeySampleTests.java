package io.rowlift.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The sample, and so the key ranges, depend on the keys alone: not on how they were split or ordered. */
class KeySampleTests {

	@Test
	void theBoundariesAreTheSameWhateverTheSplitAndTheOrderOfTheKeys() {
		List<byte[]> keys = new ArrayList<>();
		Random random = new Random(7);
		for (int i = 0; i < 200_000; i++) {
			keys.add(String.format("%08x", random.nextInt(50_000)).getBytes(StandardCharsets.US_ASCII));
		}
		List<String> whole = cuts(sample(keys, 1), 3);
		Collections.shuffle(keys, new Random(9));
		List<String> split = cuts(sample(keys, 5), 3);

		assertThat(split).isEqualTo(whole).hasSize(2);
		assertThat(whole.get(0)).isLessThan(whole.get(1));
		long below = keys.stream().filter(k -> new String(k, StandardCharsets.US_ASCII).compareTo(whole.get(0)) < 0).count();
		assertThat(below).as("a third of the keys below the first cut").isBetween(60_000L, 73_000L);
	}

	@Test
	void aSingleKeyRepeatedGivesEmptyRangesBeforeTheLast() {
		List<byte[]> keys = new ArrayList<>();
		for (int i = 0; i < 20_000; i++) {
			keys.add("same".getBytes(StandardCharsets.US_ASCII));
		}
		KeySample sample = sample(keys, 2);
		assertThat(sample.size()).isLessThanOrEqualTo(KeySample.CAP);
		for (String cut : cuts(sample, 4)) {
			assertThat(cut).isIn("same", "");
		}
	}

	/** The keys offered to {@code parts} samples in turn, merged. */
	private static KeySample sample(List<byte[]> keys, int parts) {
		List<KeySample> samples = new ArrayList<>();
		for (int p = 0; p < parts; p++) {
			samples.add(new KeySample());
		}
		for (int i = 0; i < keys.size(); i++) {
			samples.get(i * parts / keys.size()).offer(keys.get(i));
		}
		KeySample merged = new KeySample();
		samples.forEach(merged::merge);
		return merged;
	}

	private static List<String> cuts(KeySample sample, int ranges) {
		return sample.boundaries(ranges).stream().map(b -> new String(b, StandardCharsets.US_ASCII)).toList();
	}

}
