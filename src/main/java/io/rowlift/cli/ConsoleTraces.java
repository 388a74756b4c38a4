package io.rowlift.cli;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Stack traces stay off the terminal: Rowlift's console pattern ends in {@value #NO_TRACE}
 * (application.yml), so a failed load shows its one-line reasons ({@code rowlift: ...}) and the log's
 * one-line messages, not the framework's hundred lines for one bad record. A log file
 * ({@code logging.file.name}) keeps them whole (its pattern is Boot's), and {@code --debug} or
 * {@code --trace} puts them back on the terminal. The user's own console pattern is left alone. Stateless.
 */
public final class ConsoleTraces implements EnvironmentPostProcessor {

	/** The console pattern's ending that leaves exceptions out. */
	static final String NO_TRACE = "%nopex";

	static final String PATTERN = "logging.pattern.console";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		String pattern = environment.getProperty(PATTERN);
		boolean debug = isSet(environment, "debug") || isSet(environment, "trace");
		if (debug && pattern != null && pattern.endsWith(NO_TRACE)) {
			environment.getPropertySources()
				.addFirst(new MapPropertySource("rowliftConsoleTraces",
						Map.of(PATTERN, pattern.substring(0, pattern.length() - NO_TRACE.length()))));
		}
	}

	private static boolean isSet(ConfigurableEnvironment environment, String key) {
		String value = environment.getProperty(key);
		return value != null && !value.equalsIgnoreCase("false");
	}

}
