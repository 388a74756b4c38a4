package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The JSON summary: its fields, their names, order and value types, and text that needs escaping. */
class LoadSummaryTests {

	static LoadSummary summary(String file, String failure, String rejectFile) {
		return summary(file, failure, rejectFile, "INSERT", "INSERT batches", "the only method for sqlite");
	}

	static LoadSummary summary(String file, String failure, String rejectFile, String method, String writes, String reason) {
		return new LoadSummary(7, "COMPLETED", true, file, "people", "sqlite", 12, 10, 2, 4, Duration.ofMillis(1_234), 2,
				"two cores", 2, 10_000, method, writes, reason, "FILE", "the file is in key order", 1, 1,
				List.of(new LoadSummary.StepRow("indexDrop", "COMPLETED", 0, 0, Duration.ofMillis(5)),
						new LoadSummary.StepRow("load", "COMPLETED", 4, 4, Duration.ofSeconds(1))),
				failure, rejectFile, "SPRING", "set by rowlift.job.pipeline", 3, "append", 0, 0, 0, null, null);
	}

	/** Issue 34 item 11: one row was {@code 1 rows}; an upsert that updated every row said {@code 0 rows ... 0 rows/s}. */
	@Test
	void oneRowIsSingularAndAnUpsertCountsTheRowsItUpdated() {
		LoadSummary one = new LoadSummary(1, "COMPLETED", false, "/data/people.csv", "people", "sqlite", 1, 1, 0, 1, Duration.ofSeconds(1),
				1, "one", 1, 10_000, "INSERT", "INSERT batches", "r", "FILE", "k", 0, 0, List.of(), null, null, "FAST", "default", 0, "append", 0, 0, 0, null, null);
		assertThat(one.line()).startsWith("rowlift: run 1 completed: 1 row from /data/people.csv into people (sqlite) in 1.00 s (1 rows/s); ")
			.endsWith("; read 1 = written 1 + rejected 0");
		// this run's rows are the rows it inserted and the rows it updated
		LoadSummary upsert = new LoadSummary(2, "COMPLETED", false, "/data/people.csv", "people", "sqlite", 2_000_000, 0, 0, 2_000_000,
				Duration.ofSeconds(4), 1, "one", 1, 10_000, "INSERT", "INSERT batches", "r", "FILE", "k", 0, 0, List.of(), null, null, "FAST", "default", 0,
				"upsert", 2_000_000, 0, 0, null, null);
		assertThat(upsert.line()).startsWith("rowlift: run 2 completed: 2,000,000 rows from /data/people.csv into people (sqlite) in 4.00 s "
				+ "(500,000 rows/s); ").doesNotContain("in all runs").endsWith("; read 2,000,000 = written 0 + updated 2,000,000 + rejected 0");
		LoadSummary resumed = new LoadSummary(3, "COMPLETED", true, "/data/people.csv", "people", "sqlite", 30, 10, 0, 15,
				Duration.ofSeconds(1), 1, "one", 1, 10_000, "INSERT", "INSERT batches", "r", "FILE", "k", 0, 0, List.of(), null, null, "FAST", "default", 0,
				"upsert", 20, 0, 0, null, null);
		assertThat(resumed.line()).contains(": 15 rows from ").contains(", 30 rows in all runs;");
	}

	/** The words are the dialect's ({@code WritePath.summary}, see {@code WritePathSummaryTests}); the line prints them as given. */
	@Test
	void theLineNamesTheWriteMethod() {
		assertThat(summary("/data/people.csv", null, null).line()).contains("; INSERT batches of 10,000-row chunks (the only method for sqlite);");
		assertThat(summary("/data/people.csv", null, null, "INSERT_DIRECT", "INSERT batches bound directly",
				"set by rowlift.target.write-method").line())
			.contains("; INSERT batches bound directly of 10,000-row chunks (set by rowlift.target.write-method);");
		assertThat(summary("/data/people.csv", null, null, "LOAD_DATA", "LOAD DATA LOCAL streams", "default for MySQL").line())
			.contains("; LOAD DATA LOCAL streams of 10,000-row chunks (default for MySQL);");
	}

	/** Issue 20: the choices as their settings take them, lower case like {@code mode}, not the enums' names. */
	@Test
	void writesEachChoiceAsItsSettingTakesIt() {
		String json = summary("/data/people.csv", null, null, "LOAD_DATA", "LOAD DATA LOCAL streams", "default for MySQL").json();
		assertThat(json).contains("\"writeMethod\":\"load-data\"").contains("\"keyOrder\":\"file\"")
			.contains("\"pipeline\":\"spring\"").contains("\"mode\":\"append\"");
		assertThat(summary("/data/people.csv", null, null, "INSERT_DIRECT", "INSERT batches bound directly", "set").json()).contains("\"writeMethod\":\"insert-direct\"");
		assertThat(LoadSummary.setting("SORT")).isEqualTo("sort");
		assertThat(LoadSummary.setting("chunk")).as("a new value reads as itself").isEqualTo("chunk");
	}

	@Test
	void writesEveryFieldUnderItsNameInOrder() {
		assertThat(summary("/data/people.csv", null, "/data/people.csv.rejects.csv").json()).isEqualTo("{\"run\":7,"
				+ "\"status\":\"COMPLETED\",\"resumed\":true,\"file\":\"/data/people.csv\",\"table\":\"people\","
				+ "\"database\":\"sqlite\",\"read\":12,\"rowsTotal\":10,\"rejected\":2,"
				+ "\"rejectFile\":\"/data/people.csv.rejects.csv\",\"rowsThisRun\":4,\"seconds\":1.234,\"partitions\":2,"
				+ "\"partitionsReason\":\"two cores\",\"threads\":2,\"chunkSize\":10000,\"writeMethod\":\"insert\","
				+ "\"writeReason\":\"the only method for sqlite\",\"keyOrder\":\"file\","
				+ "\"keyOrderReason\":\"the file is in key order\",\"indexesDropped\":1,\"indexesRebuilt\":1,"
				+ "\"pipeline\":\"spring\",\"pipelineReason\":\"set by rowlift.job.pipeline\",\"filtered\":3,"
				+ "\"mode\":\"append\",\"updated\":0,\"ignored\":0,\"blankLines\":0,\"readingNote\":null,"
				+ "\"steps\":[{\"name\":\"indexDrop\",\"status\":\"COMPLETED\",\"read\":0,\"written\":0,\"seconds\":0.005},"
				+ "{\"name\":\"load\",\"status\":\"COMPLETED\",\"read\":4,\"written\":4,\"seconds\":1.0}],"
				+ "\"failure\":null}\n");
	}

	@Test
	void escapesWhatJsonNeedsAndKeepsTheTextExact() throws Exception {
		String file = "C:\\in \"quoted\"\tfile\u0001\u00e9\u6f22.csv";
		String failure = "line 1\nline 2\r\n";
		JsonNode json = JsonMapper.builder().build().readTree(summary(file, failure, null).json());
		assertThat(json.get("file").asString()).isEqualTo(file);
		assertThat(json.get("failure").asString()).isEqualTo(failure);
		assertThat(json.get("rejectFile").isNull()).isTrue();
		List<String> names = new ArrayList<>(json.propertyNames());
		assertThat(names).containsExactly("run", "status", "resumed", "file", "table", "database", "read", "rowsTotal", "rejected",
				"rejectFile", "rowsThisRun", "seconds", "partitions", "partitionsReason", "threads", "chunkSize", "writeMethod",
				"writeReason", "keyOrder", "keyOrderReason", "indexesDropped", "indexesRebuilt", "pipeline", "pipelineReason",
				"filtered", "mode", "updated", "ignored", "blankLines", "readingNote", "steps", "failure");
		assertThat(json.get("run").isIntegralNumber()).isTrue();
		assertThat(json.get("resumed").isBoolean()).isTrue();
		assertThat(json.get("seconds").isDouble()).isTrue();
		assertThat(json.get("steps").get(1).get("seconds").asDouble()).isEqualTo(1.0);
	}

}
