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
			context = new SpringApplication(RowliftApplication.class).run(args);
		}
		catch (Throwable ex) {
			return RowliftException.exitCodeOf(ex);
		}
		return SpringApplication.exit(context);
	}

}
