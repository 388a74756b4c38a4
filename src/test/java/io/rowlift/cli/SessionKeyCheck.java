package io.rowlift.cli;

import org.springframework.core.env.Environment;

/**
 * The command's check for unknown {@code rowlift.*} keys ({@link UnknownKeys}), for the tests' load sessions
 * ({@code testsupport.LoadSessions}), which bind each load's settings themselves and must refuse what the command
 * refuses.
 */
public final class SessionKeyCheck {

	/** Read once: the configuration metadata of the classpath does not change in a test JVM. */
	private static final UnknownKeys KEYS = UnknownKeys.fromClasspath(SessionKeyCheck.class.getClassLoader());

	private SessionKeyCheck() {
	}

	/** @throws io.rowlift.RowliftException (bad input) naming the first unknown key, as the command reports it */
	public static void check(Environment environment) {
		KEYS.check(environment);
	}

}
