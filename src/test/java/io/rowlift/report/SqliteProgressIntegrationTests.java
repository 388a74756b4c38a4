package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Live progress and the run report on a real SQLite file; and the sort and merge phases of a load in key order. */
class SqliteProgressIntegrationTests extends ProgressScenarios {

	@TempDir
	Path databases;

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.databases);
		}
		return this.target;
	}

	@Test
	void aResumedRunReportsItsOwnPartOnly() throws Exception {
		// a bad record three quarters into the file: the first run fails in partition1, the second
		// (skip limit 1) resumes it; partition0 completed in the first run
		Path head = GenCsv.write(this.dir.resolve("head.csv"), "ints", 60_000, 1);
		Path tail = GenCsv.write(this.dir.resolve("tail.csv"), "ints", 20_000, 2);
		String tailText = java.nio.file.Files.readString(tail);
		Path csv = java.nio.file.Files.writeString(this.dir.resolve("ints.csv"),
				java.nio.file.Files.readString(head) + "oops,1\n" + tailText.substring(tailText.indexOf('\n') + 1));
		Path first = this.dir.resolve("first.json");
		Path second = this.dir.resolve("second.json");
		Run failed = run(csv, "ints", "--rowlift.job.partitions=2", "--rowlift.report.progress=none",
				"--rowlift.report.summary-file=" + first);
		assertThat(failed.exit()).as(failed.toString()).isEqualTo(1);
		assertThat(table(failed.out()).keySet()).containsExactly("prepare", "index-drop", "load", "  partition0", "  partition1",
				"total");
		Run resumed = run(csv, "ints", "--rowlift.job.partitions=2", "--rowlift.job.skip-limit=1",
				"--rowlift.report.progress=none", "--rowlift.report.summary-file=" + second);
		assertThat(resumed.exit()).as(resumed.toString()).isZero();

		JsonMapper mapper = JsonMapper.builder().build();
		JsonNode one = mapper.readTree(first.toFile());
		JsonNode two = mapper.readTree(second.toFile());
		assertThat(two.get("resumed").asBoolean()).isTrue();
		List<String> names = new ArrayList<>();
		two.get("phases").forEach(p -> names.add(p.get("name").asString()));
		assertThat(names).as("the index drop completed in the first run").containsExactly("prepare", "load", "index-rebuild",
				"accounting");
		JsonNode load1 = one.get("phases").get(2);
		JsonNode load2 = two.get("phases").get(1);
		assertThat(load1.get("status").asString()).isEqualTo("FAILED");
		assertThat(load2.get("partitions")).hasSize(1);
		assertThat(load2.get("partitions").get(0).get("name").asString()).isEqualTo("partition1");
		assertThat(load2.get("partitions").get(0).get("rejected").asLong()).isEqualTo(1);
		assertThat(load2.get("written").asLong()).isEqualTo(two.get("rowsThisRun").asLong());
		assertThat(load1.get("written").asLong() + load2.get("written").asLong()).isEqualTo(80_000);
		assertThat(load1.get("bytes").asLong() + load2.get("bytes").asLong()).as("each byte of the data once over both runs")
			.isEqualTo(java.nio.file.Files.size(csv) - "value_1,value_2\n".length());
		assertThat(table(resumed.out()).get("load")).startsWith(load2.get("read").asLong(), load2.get("written").asLong(), 1);
	}

	@Test
	void theSpringPipelineShowsItsPartitionsToo() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 100_000);
		Path json = this.dir.resolve("summary.json");
		Run run = run(csv, "ints", "--rowlift.job.pipeline=spring", "--rowlift.job.partitions=2",
				"--rowlift.report.progress=partitions", "--rowlift.report.progress-interval=200ms",
				"--rowlift.report.summary-file=" + json);

		assertThat(run.exit()).as(run.toString()).isZero();
		assertThat(run.err()).contains("rowlift: progress load 100.0% ")
			.containsPattern("rowlift: progress load partition0 COMPLETED 100\\.0% [\\d,.]+ of [\\d,.]+ MiB, [\\d,]+ rows?")
			.containsPattern("rowlift: progress load partition1 COMPLETED 100\\.0% ");
		JsonNode load = JsonMapper.builder().build().readTree(json.toFile()).get("phases").get(2);
		assertThat(load.get("name").asString()).isEqualTo("load");
		assertThat(load.get("partitions").get(0).get("written").asLong() + load.get("partitions").get(1).get("written").asLong())
			.isEqualTo(load.get("written").asLong())
			.isEqualTo(100_000);
		assertThat(table(run.out()).get("load")).startsWith(100_000, 100_000, 0);
	}

	@Test
	void aLoadInKeyOrderShowsItsSortThenTheMerge() throws Exception {
		// large enough, and sorted in small runs, that the sort outlasts a few progress ticks on a fast machine
		// (60,000 rows once sorted within one 100 ms tick, and no sort line was printed)
		Path csv = GenCsv.write(this.dir.resolve("keys.csv"), "keys", 300_000, 3);
		Path json = this.dir.resolve("summary.json");
		Run run = run(csv, "tokens", "--rowlift.sort.key-order=sort", "--rowlift.sort.memory=1MB", "--rowlift.report.progress=lines",
				"--rowlift.report.progress-interval=100ms", "--rowlift.sort.spill-dir=" + this.dir.resolve("spill"),
				"--rowlift.report.summary-file=" + json);

		assertThat(run.exit()).as(run.toString()).isZero();
		assertThat(run.err()).containsPattern("rowlift: progress sort \\d+\\.\\d% [\\d,.]+ of [\\d,.]+ MiB, [\\d,.]+ MiB/s, ETA ")
			.contains("rowlift: progress load 100.0% ");
		assertThat(table(run.out()).keySet()).containsExactly("prepare", "index-drop", "sort", "load", "  partition0",
				"index-rebuild", "accounting", "total");
		assertThat(run.out()).containsPattern("\nsort +COMPLETED .*external sort by key into sorted runs\n")
			.containsPattern("\nload +COMPLETED +300,000 +300,000 +0 .*merge of the sorted runs\n");
		JsonNode root = JsonMapper.builder().build().readTree(json.toFile());
		List<String> names = new ArrayList<>();
		root.get("phases").forEach(p -> names.add(p.get("name").asString()));
		assertThat(names).containsExactly("prepare", "index-drop", "sort", "load", "index-rebuild", "accounting");
		JsonNode sort = root.get("phases").get(2);
		JsonNode load = root.get("phases").get(3);
		assertThat(sort.get("bytes").asLong()).isEqualTo(load.get("bytes").asLong()).isEqualTo(java.nio.file.Files.size(csv) - "id,data\n".length());
		assertThat(load.get("partitions").get(0).get("written").asLong()).isEqualTo(300_000);
		assertThat(java.time.Instant.parse(load.get("startedAt").asString()))
			.as("the merge starts when the sort ends")
			.isAfterOrEqualTo(java.time.Instant.parse(sort.get("startedAt").asString()));
	}

}
