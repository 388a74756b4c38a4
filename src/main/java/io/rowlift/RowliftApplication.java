package io.rowlift;

import java.util.List;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.context.ConfigurableApplicationContext;

import io.rowlift.cli.RowliftCommand;

/**
 * Rowlift: loads one large CSV file into SQLite or MySQL, partitioned by byte ranges, restartable
 * and exact. {@code java -jar rowlift.jar [load] --key=value ...}; the exit code follows the
 * contract (0, 1, 2, 3).
 */
@SpringBootApplication
public class RowliftApplication {

	public static void main(String[] args) {
		System.exit(run(args));
	}

	/** Runs one command and returns its exit code (the process is not ended, so tests can call it). */
	public static int run(String... args) {
		SpringApplication application = new SpringApplication(RowliftApplication.class);
		ConfigurableApplicationContext context;
		try {
			context = application.run(args);
		}
		catch (Throwable ex) {
			return startupExitCode(ex);
		}
		TestHooks.configure(context.getEnvironment());
		try (context) {
			List<String> verbs = List.of(args).stream().filter(a -> !a.startsWith("--")).toList();
			RowliftCommand command;
			try {
				command = context.getBean(RowliftCommand.class);
			}
			catch (RuntimeException ex) {
				// beans are lazy: a setting that does not bind surfaces here rather than at start-up
				System.err.println("rowlift: " + describe(ex));
				return startupExitCode(ex);
			}
			return command.execute(verbs);
		}
	}

	/** The message of a start-up failure, the setting's name first when a setting did not bind. */
	static String describe(Throwable failure) {
		Throwable root = failure;
		for (Throwable t = failure; t != null; t = t.getCause()) {
			if (t instanceof RowliftException) {
				return t.getMessage();
			}
			root = t;
		}
		for (Throwable t = failure; t != null; t = t.getCause()) {
			if (t instanceof BindException bind) {
				return bind.getMessage() + ": " + root.getMessage() + "; fix the setting " + bind.getProperty().getName();
			}
		}
		return root.toString();
	}

	/** A bad setting is exit 2 (nothing was written); anything else that stops start-up is exit 1. */
	static int startupExitCode(Throwable failure) {
		for (Throwable t = failure; t != null; t = t.getCause()) {
			if (t instanceof RowliftException rowlift) {
				return rowlift.exitCode();
			}
			if (t instanceof BindException) {
				return RowliftException.BAD_INPUT;
			}
		}
		return 1;
	}

}
