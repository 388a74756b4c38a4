package io.rowlift;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Rowlift: loads one large CSV file into SQLite or MySQL, partitioned by byte ranges, restartable
 * and exact. {@code java -jar rowlift.jar [load] --key=value ...}; the exit code follows the
 * contract (0, 1, 2, 3).
 *
 * <p>The command itself is an {@code ApplicationRunner} and {@code ExitCodeGenerator} of the
 * {@code cli} package, which Boot finds among the beans: this class knows nothing of it.
 */
@SpringBootApplication
public class RowliftApplication {

	private static final String NO_BACKGROUND_PREINITIALIZATION = "spring.backgroundpreinitializer.ignore";

	public static void main(String[] args) {
		System.exit(run(args));
	}

	/**
	 * Runs one command and returns its exit code (the process is not ended, so tests can call it): the
	 * command's own code, or, when the application does not start, {@link RowliftException#exitCodeOf}
	 * the failure (Boot has reported it by then, through the failure analyzers).
	 */
	public static int run(String... args) {
		ConfigurableApplicationContext context;
		try {
			context = start(args);
		}
		catch (Throwable ex) {
			return RowliftException.exitCodeOf(ex);
		}
		return SpringApplication.exit(context);
	}

	/**
	 * Starts the application and runs its command as {@link #run} does, but leaves the context open and the
	 * exit code with the command's {@code ExitCodeGenerator}: for a caller that runs more loads in the same
	 * context through its load service, as the scheduled service does (the tests' load sessions). The caller
	 * closes the context.
	 *
	 * @throws RuntimeException the start's failure, reported by Boot's failure analyzers by then
	 */
	public static ConfigurableApplicationContext start(String... args) {
		// Boot's background pre-initialisers would warm up Jackson, Tomcat and the HTTP converters on a
		// second thread at every start: about 630 classes (-Xlog:class+load: 8137 classes for a 10-row load
		// with them, 7503 without, 7386 before Actuator joined) that only the service's Actuator uses, taken
		// from a one-shot load's CPU; the service loads them when its management server starts. A value
		// the user set (-Dspring.backgroundpreinitializer.ignore=false) wins.
		if (System.getProperty(NO_BACKGROUND_PREINITIALIZATION) == null) {
			System.setProperty(NO_BACKGROUND_PREINITIALIZATION, "true");
		}
		// C2 stays off the start-up code until the load step starts (StartupCompilation says why)
		StartupCompilation.begin();
		try {
			SpringApplication application = new SpringApplication(RowliftApplication.class);
			application.addListeners(new LaunchCache());
			return application.run(args);
		}
		finally {
			StartupCompilation.end();
		}
	}

}
