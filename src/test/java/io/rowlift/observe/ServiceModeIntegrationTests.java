package io.rowlift.observe;

import static io.rowlift.observe.ObservedService.get;
import static io.rowlift.observe.ObservedService.sample;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.IndexDefinition;
import io.rowlift.database.TargetProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.job.LoadLauncher;
import io.rowlift.schedule.InboxEvent;
import io.rowlift.schema.IndexLedger;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.source.SourceProperties;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Service mode's Actuator over HTTP on a random management port: health (overall, hidden details, and
 * the components through a test group that shows them), Prometheus metrics from the service's events and
 * from Spring Batch's observations of a real load into SQLite, and nothing else exposed. The service's
 * events are published by the test: the components hear only those.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServiceModeIntegrationTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path dir;

	private static ConfigurableApplicationContext context;

	@BeforeAll
	static void start() throws Exception {
		Files.createDirectories(dir.resolve("inbox"));
		Files.createDirectories(dir.resolve("db/sqlite"));
		Files.writeString(dir.resolve("db/sqlite/V1__ten.sql"),
				"CREATE TABLE ten (id INTEGER PRIMARY KEY, name TEXT);\nCREATE INDEX ten_name ON ten (name);\n");
		StringBuilder csv = new StringBuilder("id,name\n");
		for (int i = 1; i <= 10; i++) {
			csv.append(i).append(",n").append(i).append('\n');
		}
		Files.writeString(dir.resolve("inbox/ten.csv"), csv);
		// an existing database: a new SQLite file is sized from the input, and a glob is not a file to sample
		try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("rowlift.db"));
				Statement st = db.createStatement()) {
			st.execute("PRAGMA journal_mode = WAL");
		}
		context = ObservedService.start(List.of("--rowlift.schedule.fixed-delay=1h", "--management.server.port=0",
				"--spring.datasource.url=jdbc:sqlite:" + dir.resolve("rowlift.db"),
				"--spring.flyway.locations=filesystem:" + dir.resolve("db") + "/{vendor}",
				"--rowlift.source.path=" + dir.resolve("inbox") + "/*.csv", "--rowlift.target.table=ten",
				// a group that shows what anonymous callers of /actuator/health do not see
				"--management.endpoint.health.group.all.include=*", "--management.endpoint.health.group.all.show-details=always"));
	}

	@AfterAll
	static void stop() throws InterruptedException {
		if (context != null) {
			ObservedService.stop(context);
		}
	}

	@Test
	@Order(1)
	void beforeTheFirstTickHealthIsUpWithTheTickUnknownAndNoDetailsShown() throws Exception {
		HttpResponse<String> health = get(context, "/actuator/health");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(overall(health)).isEqualTo("UP");
		assertThat(JSON.readTree(health.body()).has("components")).as("details hidden").isFalse();
		JsonNode components = components();
		assertThat(status(components, "tick")).isEqualTo("UNKNOWN");
		assertThat(components.get("tick").get("details").get("outcome").asString()).isEqualTo("no tick yet");
		assertThat(status(components, "inbox")).isEqualTo("UP");
		assertThat(components.get("inbox").get("details").get("folder").asString()).isEqualTo(dir.resolve("inbox").toString());
		assertThat(status(components, "db")).isEqualTo("UP");
		assertThat(status(components, "indexes")).isEqualTo("UP");
		assertThat(get(context, "/actuator/health/liveness").statusCode()).isEqualTo(200);
		// ready although the command runner has not returned: the service's never does
		assertThat(get(context, "/actuator/health/readiness").statusCode()).isEqualTo(200);
	}

	@Test
	@Order(2)
	void aRealLoadIsTimedBySpringBatchJobAndStepByStep() throws Exception {
		LoadLauncher launcher = context.getBean(LoadLauncher.class);
		Binder binder = new Binder(new MapConfigurationPropertySource(
				Map.of("rowlift.source.path", dir.resolve("inbox/ten.csv").toString(), "rowlift.target.table", "ten")));
		LoadLauncher.LoadRun run = launcher.load(binder.bindOrCreate("rowlift.source", SourceProperties.class),
				binder.bindOrCreate(TargetProperties.PREFIX, TargetProperties.class),
				binder.bindOrCreate("rowlift.job", JobProperties.class), binder.bindOrCreate("rowlift.schema", SchemaProperties.class),
				binder.bindOrCreate("rowlift.sort", io.rowlift.sort.SortProperties.class));
		assertThat(run.execution().getStatus().name()).isEqualTo("COMPLETED");
		String metrics = get(context, "/actuator/prometheus").body();
		assertThat(metrics).containsPattern(
				"spring_batch_job_seconds_count\\{[^}]*spring_batch_job_name=\"rowliftLoad\"[^}]*spring_batch_job_status=\"COMPLETED\"[^}]*} 1");
		for (String step : List.of("indexDrop", "load", "indexRebuild", "accounting")) {
			assertThat(metrics).containsPattern("spring_batch_step_seconds_count\\{[^}]*spring_batch_step_name=\"" + step
					+ "\"[^}]*spring_batch_step_status=\"COMPLETED\"[^}]*} 1");
		}
	}

	@Test
	@Order(3)
	void theServicesEventsBecomeMetricsAndTheTicksHealth() throws Exception {
		Path file = dir.resolve("inbox/ten.csv");
		context.publishEvent(new InboxEvent.FileLoaded(file, "ten", 1, 10, 81, 1, Duration.ofSeconds(2)));
		context.publishEvent(new InboxEvent.FileFailed(file, "ten", 1, 3, false, "header mismatch"));
		context.publishEvent(new InboxEvent.FileSkipped(file, "loaded already as other.csv"));
		context.publishEvent(new InboxEvent.TickCompleted(Instant.now(), Duration.ofSeconds(3), 1, 1, 1, 2, 4,
				"failed: bad.csv: header mismatch"));
		String metrics = get(context, "/actuator/prometheus").body();
		assertThat(sample(metrics, "rowlift_files_total{outcome=\"loaded\"}")).isEqualTo(1);
		assertThat(sample(metrics, "rowlift_files_total{outcome=\"failed\"}")).isEqualTo(1);
		assertThat(sample(metrics, "rowlift_files_total{outcome=\"skipped\"}")).isEqualTo(1);
		assertThat(sample(metrics, "rowlift_loaded_rows_total")).isEqualTo(10);
		assertThat(sample(metrics, "rowlift_loaded_bytes_total")).isEqualTo(81);
		assertThat(sample(metrics, "rowlift_rejected_records_total")).isEqualTo(1);
		assertThat(sample(metrics, "rowlift_load_duration_seconds_count")).isEqualTo(1);
		assertThat(sample(metrics, "rowlift_load_duration_seconds_sum")).isEqualTo(2);
		assertThat(sample(metrics, "rowlift_inbox_files{state=\"waiting\"}")).isEqualTo(2);
		assertThat(sample(metrics, "rowlift_inbox_files{state=\"failed\"}")).isEqualTo(4);
		assertThat(sample(metrics, "rowlift_tick_duration_seconds_count{outcome=\"failed\"}")).isEqualTo(1);
		assertThat(sample(metrics, "rowlift_tick_duration_seconds_sum{outcome=\"failed\"}")).isEqualTo(3);
		assertThat(sample(metrics, "rowlift_last_load_age_seconds")).isBetween(0.0, 60.0);
		JsonNode tick = components().get("tick");
		assertThat(tick.get("status").asString()).isEqualTo("UP");
		assertThat(tick.get("details").get("outcome").asString()).isEqualTo("failed");
		assertThat(tick.get("details").get("reason").asString()).isEqualTo("bad.csv: header mismatch");
		assertThat(tick.get("details").get("waiting").asInt()).isEqualTo(2);

		context.publishEvent(new InboxEvent.TickCompleted(Instant.now(), Duration.ofMillis(5), 0, 0, 0, 0, 4,
				"error: the inbox cannot be read"));
		HttpResponse<String> down = get(context, "/actuator/health");
		assertThat(down.statusCode()).isEqualTo(503);
		assertThat(overall(down)).isEqualTo("DOWN");
		assertThat(components().get("tick").get("details").get("reason").asString()).isEqualTo("the inbox cannot be read");
		assertThat(get(context, "/actuator/health/liveness").statusCode()).isEqualTo(200);

		context.publishEvent(new InboxEvent.TickCompleted(Instant.now(), Duration.ofMillis(5), 0, 0, 0, 0, 4, "ok"));
		assertThat(get(context, "/actuator/health").statusCode()).isEqualTo(200);
	}

	@Test
	@Order(4)
	void indexesWaitingToBeRebuiltPutTheServiceOutOfServiceNotDown() throws Exception {
		IndexLedger ledger = new IndexLedger(context.getBean(JdbcTemplate.class));
		ledger.record("ten", new IndexDefinition("ten_name", "CREATE INDEX ten_name ON ten (name)", false, List.of("name")));
		try {
			HttpResponse<String> health = get(context, "/actuator/health");
			assertThat(health.statusCode()).isEqualTo(503);
			assertThat(overall(health)).as(components().toString()).isEqualTo("OUT_OF_SERVICE");
			JsonNode indexes = components().get("indexes");
			assertThat(indexes.get("status").asString()).isEqualTo("OUT_OF_SERVICE");
			assertThat(indexes.get("details").get("waiting").get("ten").asInt()).isEqualTo(1);
			assertThat(get(context, "/actuator/health/liveness").statusCode()).isEqualTo(200);
		}
		finally {
			ledger.forget("ten", "ten_name");
		}
		assertThat(get(context, "/actuator/health").statusCode()).isEqualTo(200);
	}

	@Test
	@Order(5)
	void nothingBeyondHealthAndPrometheusIsExposed() throws Exception {
		for (String endpoint : List.of("info", "metrics", "env", "beans", "configprops", "loggers", "heapdump")) {
			assertThat(get(context, "/actuator/" + endpoint).statusCode()).as(endpoint).isEqualTo(404);
		}
		assertThat(JSON.readTree(get(context, "/actuator").body()).get("_links").propertyNames()).doesNotContain("info",
				"env", "metrics");
	}

	private JsonNode components() throws Exception {
		return JSON.readTree(get(context, "/actuator/health/all").body()).get("components");
	}

	private static String overall(HttpResponse<String> health) {
		return JSON.readTree(health.body()).get("status").asString();
	}

	private static String status(JsonNode components, String name) {
		return components.get(name).get("status").asString();
	}

}
