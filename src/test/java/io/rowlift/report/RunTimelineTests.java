package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RunTimelineTests {

	static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

	static RunTimeline timeline() {
		RunTimeline.Partition p0 = new RunTimeline.Partition("partition0", "COMPLETED", T0.plusSeconds(1), Duration.ofSeconds(2),
				1_001, 1_000, 1, 10_485_760);
		RunTimeline.Partition p1 = new RunTimeline.Partition("partition1", "COMPLETED", T0.plusSeconds(1), Duration.ofSeconds(4),
				2_000, 2_000, 0, 20_971_520);
		return new RunTimeline(T0, T0.plusSeconds(10),
				List.of(new RunTimeline.Phase("prepare", T0, Duration.ofMillis(500), "COMPLETED", 0, 0, 0, 0, null, List.of()),
						new RunTimeline.Phase("load", T0.plusSeconds(1), Duration.ofSeconds(4), "COMPLETED", 3_001, 3_000, 1,
								31_457_280, null, List.of(p0, p1)),
						new RunTimeline.Phase("index-rebuild", T0.plusSeconds(5), Duration.ofSeconds(5), "COMPLETED", 0, 0, 0, 0,
								"2 indexes built, statistics refreshed", List.of())),
				List.of(new ThroughputSamples.Sample("partition0", 1.5, 5_000_000, 500),
						new ThroughputSamples.Sample("partition0", 3.0, 10_485_760, 1_000)),
				Duration.ofMillis(20));
	}

	@Test
	void theTableHasAPhasePerRowThePartitionsUnderTheLoadAndTheTotals() {
		assertThat(timeline().table(1, "/data/in.csv.rejects.csv")).isEqualTo("""
				phase            status              read       written   rejected        MiB      time       rows/s
				prepare          COMPLETED              0             0          0        0.0     0.50s            0
				load             COMPLETED          3,001         3,000          1       30.0     4.00s          750
				  partition0     COMPLETED          1,001         1,000          1       10.0     2.00s          500
				  partition1     COMPLETED          2,000         2,000          0       20.0     4.00s          500
				index-rebuild    COMPLETED              0             0          0        0.0     5.00s            0  2 indexes built, statistics refreshed
				total                               3,001         3,000          1       30.0    10.00s          300  rows/s over the whole run
				rejects: 1 record (all runs) in /data/in.csv.rejects.csv, reasons in /data/in.csv.rejects.csv.reasons.csv
				""");
	}

	@Test
	void theTableSaysWhenNothingWasRejected() {
		assertThat(timeline().table(0, null)).endsWith("rows/s over the whole run\nrejects: none\n");
	}

	@Test
	void theJsonHasTheRunsInstantsPhasesAndSamples() throws Exception {
		LoadSummary summary = LoadSummaryTests.summary("/data/in.csv", null, null).withTimeline(timeline());
		JsonNode root = JsonMapper.builder().build().readTree(summary.json());
		assertThat(root.get("startedAt").asString()).isEqualTo("2026-12-01T10:00:00Z");
		assertThat(root.get("endedAt").asString()).isEqualTo("2026-12-01T10:00:10Z");
		assertThat(root.get("phases")).hasSize(3);
		JsonNode load = root.get("phases").get(1);
		assertThat(load.toString()).startsWith("{\"name\":\"load\",\"startedAt\":\"2026-12-01T10:00:01Z\",\"seconds\":4.0,"
				+ "\"status\":\"COMPLETED\",\"read\":3001,\"written\":3000,\"rejected\":1,\"bytes\":31457280,\"rowsPerSecond\":750.0,"
				+ "\"detail\":null,\"partitions\":[{\"name\":\"partition0\",\"status\":\"COMPLETED\",\"startedAt\":\"2026-12-01T10:00:01Z\","
				+ "\"seconds\":2.0,\"read\":1001,\"written\":1000,\"rejected\":1,\"bytes\":10485760,\"rowsPerSecond\":500.0}");
		assertThat(root.get("phases").get(0).get("partitions")).isEmpty();
		assertThat(root.get("samples").toString()).isEqualTo("[{\"partition\":\"partition0\",\"t\":1.5,\"bytes\":5000000,\"rows\":500},"
				+ "{\"partition\":\"partition0\",\"t\":3.0,\"bytes\":10485760,\"rows\":1000}]");
		assertThat(root.get("progressCpuSeconds").asDouble()).isEqualTo(0.02);
		assertThat(root.get("run").asLong()).as("the fields that were there stay").isEqualTo(7);
		assertThat(root.get("steps")).hasSize(2);
	}

	@Test
	void withoutATimelineTheJsonAndTheReportAreAsBefore() {
		LoadSummary summary = LoadSummaryTests.summary("/data/in.csv", null, null);
		assertThat(summary.json()).doesNotContain("phases").doesNotContain("startedAt");
		assertThat(summary.report()).isEqualTo(summary.table());
	}

}
