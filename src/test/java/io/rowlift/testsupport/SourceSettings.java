package io.rowlift.testsupport;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.rowlift.source.SourceProperties;

/**
 * {@code rowlift.source.*} for a unit test, bound by Spring Boot from keys as a user writes them, so a
 * test names only the settings it is about and every other one has its documented default (a new
 * setting needs no change here or in the tests).
 */
public final class SourceSettings {

	private SourceSettings() {
	}

	/**
	 * @param path {@code rowlift.source.path}
	 * @param keysAndValues more settings, without the {@code rowlift.source.} prefix: {@code "delimiter", "|", ...}
	 */
	public static SourceProperties of(String path, String... keysAndValues) {
		Map<String, String> map = new LinkedHashMap<>();
		map.put("rowlift.source.path", path);
		for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
			map.put("rowlift.source." + keysAndValues[i], keysAndValues[i + 1]);
		}
		return new Binder(new MapConfigurationPropertySource(map)).bindOrCreate("rowlift.source", SourceProperties.class);
	}

}
