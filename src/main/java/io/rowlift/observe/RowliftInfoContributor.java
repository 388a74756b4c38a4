package io.rowlift.observe;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.core.env.Environment;

import io.rowlift.RowliftApplication;
import io.rowlift.schedule.ServiceMode;
import io.rowlift.load.TargetDatabase;

/**
 * The {@code rowlift} section of {@code /actuator/info}: the version, the target database's kind and
 * URL without parameters or user (credentials never appear, contract), the inbox glob, the schedule
 * and the archive folder. Read from the settings on each call. Thread-safe.
 */
public final class RowliftInfoContributor implements InfoContributor {

	private final Environment environment;

	public RowliftInfoContributor(Environment environment) {
		this.environment = environment;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> rowlift = new LinkedHashMap<>();
		String version = RowliftApplication.class.getPackage().getImplementationVersion();
		rowlift.put("version", version != null ? version : "development");
		String url = this.environment.getProperty("spring.datasource.url");
		Map<String, Object> target = new LinkedHashMap<>();
		target.put("database", TargetDatabase.kindOf(url));
		target.put("url", TargetDatabase.redacted(url));
		putIfSet(target, "table", "rowlift.target.table");
		putIfSet(target, "table-from-name", "rowlift.schedule.table-from-name");
		rowlift.put("target", target);
		Map<String, Object> inbox = new LinkedHashMap<>();
		putIfSet(inbox, "path", "rowlift.source.path");
		putIfSet(inbox, "archive-dir", "rowlift.schedule.archive-dir");
		rowlift.put("inbox", inbox);
		Map<String, Object> schedule = new LinkedHashMap<>();
		putIfSet(schedule, "cron", ServiceMode.CRON);
		putIfSet(schedule, "fixed-delay", ServiceMode.FIXED_DELAY);
		rowlift.put("schedule", schedule);
		builder.withDetail("rowlift", rowlift);
	}

	private void putIfSet(Map<String, Object> map, String key, String property) {
		String value = this.environment.getProperty(property);
		if (value != null && !value.isBlank()) {
			map.put(key, value);
		}
	}

}
