package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.rowlift.RowliftException;
import io.rowlift.cli.StatusProperties;
import io.rowlift.report.ReportProperties;
import io.rowlift.schedule.ScheduleProperties;
import io.rowlift.sort.SortProperties;
import io.rowlift.source.SourceProperties;

/**
 * Every numeric setting is checked when it binds, before any run is decided: out of range is exit 2 with
 * the key, the value and the range (issue #20 item 7), as Boot binds it from any source.
 */
class SettingRangesTests {

	@Test
	void aNumberOutOfItsRangeIsRefusedWhenTheSettingsBindNamingKeyValueAndRange() {
		record Bad(String key, String value, String prefix, Class<?> type, String message) {
		}
		for (Bad bad : new Bad[] {
				new Bad("rowlift.job.partitions", "0", "rowlift.job", JobProperties.class,
						"rowlift.job.partitions is 0; it must be between 1 and 4096"),
				new Bad("rowlift.job.partitions", "5000", "rowlift.job", JobProperties.class,
						"rowlift.job.partitions is 5000; it must be between 1 and 4096"),
				new Bad("rowlift.job.chunk-size", "-5", "rowlift.job", JobProperties.class,
						"rowlift.job.chunk-size is -5; it must be at least 1"),
				new Bad("rowlift.job.skip-limit", "-1", "rowlift.job", JobProperties.class,
						"rowlift.job.skip-limit is -1; it must be 0 or more (0: the first bad record fails the load)"),
				new Bad("rowlift.job.threads", "0", "rowlift.job", JobProperties.class,
						"rowlift.job.threads is 0; it must be between 1 and spring.datasource.hikari.maximum-pool-size minus 3"),
				new Bad("rowlift.job.read-ahead", "-1", "rowlift.job", JobProperties.class,
						"rowlift.job.read-ahead is -1; it must be 0 or more (0: parse on the writing thread)"),
				new Bad("rowlift.source.read-buffer", "0B", "rowlift.source", SourceProperties.class,
						"rowlift.source.read-buffer is 0B; it must be between 1KB and 1GB"),
				new Bad("rowlift.source.max-record-size", "3GB", "rowlift.source", SourceProperties.class,
						"rowlift.source.max-record-size is 3221225472B; it must be between 1KB and 1GB"),
				new Bad("rowlift.schedule.max-attempts", "0", "rowlift.schedule", ScheduleProperties.class,
						"rowlift.schedule.max-attempts is 0; it must be at least 1"),
				new Bad("rowlift.schedule.settle", "-5s", "rowlift.schedule", ScheduleProperties.class,
						"rowlift.schedule.settle is PT-5S; it must be 0 or more (such as 5s)"),
				new Bad("rowlift.schedule.fixed-delay", "0s", "rowlift.schedule", ScheduleProperties.class,
						"rowlift.schedule.fixed-delay is PT0S; it must be more than 0 (such as 30s)"),
				new Bad("rowlift.sort.memory", "0MB", "rowlift.sort", SortProperties.class,
						"rowlift.sort.memory is 0B; it must be more than 0 (such as 64MB)"),
				new Bad("rowlift.report.progress-interval", "-1s", "rowlift.report", ReportProperties.class,
						"rowlift.report.progress-interval is PT-1S; it must be more than 0 (such as 10s)"),
				new Bad("rowlift.status.limit", "0", "rowlift.status", StatusProperties.class,
						"rowlift.status.limit is 0; it must be at least 1") }) {
			assertThatThrownBy(() -> bind(bad.prefix(), bad.type(), Map.of(bad.key(), bad.value()))).as(bad.key())
				.isInstanceOf(BindException.class)
				.satisfies(ex -> assertThat(RowliftException.exitCodeOf(ex)).isEqualTo(2))
				.rootCause()
				.isInstanceOf(RowliftException.class)
				.hasMessage(bad.message());
		}
	}

	@Test
	void theDefaultsAndTheLimitsThemselvesBind() {
		JobProperties job = bind("rowlift.job", JobProperties.class, Map.of("rowlift.job.partitions", "4096",
				"rowlift.job.chunk-size", "1", "rowlift.job.skip-limit", "0", "rowlift.job.threads", "1", "rowlift.job.read-ahead", "0"));
		assertThat(job.partitions()).isEqualTo(4096);
		assertThat(bind("rowlift.job", JobProperties.class, Map.of("rowlift.job.reload", "true")).skipLimit()).isZero();
		assertThat(bind("rowlift.source", SourceProperties.class, Map.of("rowlift.source.read-buffer", "1KB")).maxRecordSize()
			.toMegabytes()).isEqualTo(16);
	}

	private static <T> T bind(String prefix, Class<T> type, Map<String, String> settings) {
		return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate(prefix, type);
	}

}
