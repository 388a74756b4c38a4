package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ThroughputSamplesTests {

	@Test
	void keepsEverySampleUpToTheLimit() {
		ThroughputSamples samples = new ThroughputSamples(10);
		for (int i = 0; i < 10; i++) {
			samples.add("partition0", i, i * 100, i * 10);
		}
		assertThat(samples.all()).hasSize(10).extracting(ThroughputSamples.Sample::t)
			.containsExactly(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
	}

	@Test
	void aLongRunKeepsEvenlySpreadPointsWithItsFirstAndLast() {
		ThroughputSamples samples = new ThroughputSamples(500);
		for (int i = 0; i <= 100_000; i++) {
			samples.add("partition0", i, i, i);
			samples.add("partition1", i, 2L * i, i);
		}
		List<ThroughputSamples.Sample> all = samples.all();
		for (String partition : List.of("partition0", "partition1")) {
			List<ThroughputSamples.Sample> points = all.stream().filter(s -> s.partition().equals(partition)).toList();
			assertThat(points.size()).isBetween(250, 501);
			assertThat(points.get(0).t()).isZero();
			assertThat(points.get(points.size() - 1).t()).as("the last sample").isEqualTo(100_000.0);
			double gap = points.get(1).t() - points.get(0).t();
			for (int i = 1; i < points.size() - 1; i++) {
				assertThat(points.get(i).t() - points.get(i - 1).t()).as("even spacing").isEqualTo(gap);
			}
		}
		assertThat(all.get(0).partition()).as("partition by partition").isEqualTo("partition0");
	}

}
