package io.rowlift.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.core.env.Environment;

import io.rowlift.RowliftException;
import io.rowlift.database.TargetDialect;

/**
 * The command line, {@code rowlift [VERB] --key=value ...}: picks the {@link Verb} (the first argument
 * that is not an option, {@value Verb#DEFAULT} when there is none; {@code --help} or {@code -h} anywhere
 * runs {@value #HELP}, else {@code --version} runs {@value #VERSION}), runs it once the application has
 * started, and keeps its exit code for {@code SpringApplication.exit}. Problems found before the verb
 * runs (a second verb, an unknown one, an unknown {@code rowlift.*} key whatever the verb, a setting
 * the verb's beans cannot bind) go to standard error
 * as {@code rowlift: ...} with their exit code. Boot's own job runner stays off
 * ({@code spring.batch.job.enabled=false}).
 *
 * <p>The verb is looked up by name only when it runs, because beans are lazy
 * ({@code spring.main.lazy-initialization}): a verb's settings bind then, and a bad one is reported
 * here, naming the setting, instead of failing the start with a stack trace. One run per instance.
 */
public final class RowliftRunner implements ApplicationRunner, ExitCodeGenerator {

	/** The verb {@code --help} and {@code -h} run. */
	static final String HELP = "help";

	/** The verb {@code --version} runs. */
	static final String VERSION = "version";

	private final ListableBeanFactory beans;

	/** Checks the settings for unknown {@code rowlift.*} keys before any verb runs. */
	private final Runnable settingsCheck;

	private volatile int exitCode;

	public RowliftRunner(ListableBeanFactory beans) {
		this(beans, () -> {
		});
	}

	/**
	 * @param settingsCheck runs before the verb is made; a {@link RowliftException} it throws ends the
	 * command with its exit code (an unknown {@code rowlift.*} key: {@link UnknownKeys})
	 */
	public RowliftRunner(ListableBeanFactory beans, Runnable settingsCheck) {
		this.beans = beans;
		this.settingsCheck = settingsCheck;
	}

	@Override
	public void run(ApplicationArguments arguments) {
		this.exitCode = execute(arguments.getSourceArgs(), System.err);
	}

	@Override
	public int getExitCode() {
		return this.exitCode;
	}

	/** The verbs a command line names ({@code help} for {@code --help}, {@code version} for {@code --version}). */
	private static List<String> verbsNamed(String[] args) {
		List<String> options = Arrays.asList(args);
		if (options.contains("--help") || options.contains("-h")) {
			return List.of(HELP); // whatever else the line says: help needs no setting
		}
		if (options.contains("--version")) {
			return List.of(VERSION);
		}
		return Arrays.stream(args).filter(a -> !a.startsWith("--")).toList();
	}

	/** Whether the command line runs the default verb, {@code load} (named or not). */
	public static boolean runsTheDefaultVerb(String[] args) {
		List<String> verbs = verbsNamed(args);
		return verbs.isEmpty() || verbs.equals(List.of(Verb.DEFAULT));
	}

	int execute(String[] args, PrintStream err) {
		List<String> verbs = verbsNamed(args);
		if (verbs.size() > 1) {
			return fail(err, RowliftException.badInput("one command at a time, got " + String.join(" ", verbs)
					+ "; settings are --key=value options"));
		}
		String name = verbs.isEmpty() ? Verb.DEFAULT : verbs.get(0);
		if (!this.beans.containsBean(Verb.beanName(name))) {
			return fail(err, RowliftException.badInput("unknown command '" + name + "'; this version has " + known()
					+ "; settings are --key=value options"));
		}
		try {
			this.settingsCheck.run();
		}
		catch (RowliftException ex) {
			return fail(err, ex);
		}
		Verb verb;
		try {
			verb = this.beans.getBean(Verb.beanName(name), Verb.class);
		}
		catch (RuntimeException ex) {
			java.util.Optional<String> locked = lockedDatabase(ex);
			if (locked.isPresent()) { // another run, or another program, has the database locked: nothing was written
				err.println("rowlift: " + locked.get());
				return RowliftException.REFUSED;
			}
			java.util.Optional<String> fault = environmentFault(ex);
			if (fault.isPresent()) { // the database cannot be reached or written: nothing was
				err.println("rowlift: " + fault.get());
				return RowliftException.BAD_INPUT;
			}
			err.println("rowlift: " + describe(ex));
			return RowliftException.exitCodeOf(ex);
		}
		return verb.run();
	}

	/**
	 * The target dialect's sentence for a fault of the environment behind {@code failure} (a refused login,
	 * an unknown host, a missing database, a read-only database file), or empty.
	 */
	private java.util.Optional<String> environmentFault(Throwable failure) {
		try {
			TargetDialect dialect = this.beans.getBean(TargetDialect.class);
			String url = this.beans.getBean(Environment.class).getProperty("spring.datasource.url");
			return dialect.faults().describeEnvironmentFault(failure, url);
		}
		catch (RuntimeException ex) {
			return java.util.Optional.empty(); // no dialect to ask: the failure keeps its own message
		}
	}

	/**
	 * The refusal (exit 3) when {@code failure} is the database locked by something else while the verb's beans
	 * were made (Rowlift's pool opens its first connection then): "another run is active", naming it, when a
	 * run of Rowlift holds the database's run lock (SQLite's index build with a rollback journal locks every
	 * reader out, for minutes), else the dialect's sentence for another program; empty for any other failure.
	 */
	private java.util.Optional<String> lockedDatabase(Throwable failure) {
		try {
			TargetDialect dialect = this.beans.getBean(TargetDialect.class);
			Environment environment = this.beans.getBean(Environment.class);
			String url = environment.getProperty("spring.datasource.url");
			java.util.Optional<String> otherProgram = dialect.faults().describeLockedDatabase(failure, url);
			if (otherProgram.isEmpty()) {
				return otherProgram;
			}
			String table = environment.getProperty("rowlift.target.table", "");
			java.util.Optional<String> holder = dialect.locks().runLockHolder(null, url, table);
			if (holder.isEmpty()) {
				return otherProgram;
			}
			java.time.Duration waited = org.springframework.boot.context.properties.bind.Binder.get(environment)
				.bind("rowlift.job.lock-wait", java.time.Duration.class).orElse(java.time.Duration.ZERO);
			return java.util.Optional.of(io.rowlift.job.RunLockRefusal.message(table.isBlank() ? holder.get() : table,
					holder.get(), dialect.id(), waited));
		}
		catch (java.sql.SQLException | RuntimeException ex) {
			return java.util.Optional.empty(); // no dialect to ask: the failure keeps its own message
		}
	}

	/** The verbs there are, as {@code 'load' (the default), 'x'}. */
	private String known() {
		return verbs(this.beans).stream()
			.map(verb -> "'" + verb + "'" + (verb.equals(Verb.DEFAULT) ? " (the default)" : ""))
			.collect(Collectors.joining(", "));
	}

	/** The names of the verbs {@code beans} hold, the default first, found without making any of them. */
	static List<String> verbs(ListableBeanFactory beans) {
		String prefix = Verb.BEAN_PREFIX;
		return Arrays.stream(beans.getBeanNamesForType(Verb.class, true, false))
			.filter(bean -> bean.startsWith(prefix))
			.map(bean -> bean.substring(prefix.length()))
			.sorted((a, b) -> a.equals(Verb.DEFAULT) ? -1 : b.equals(Verb.DEFAULT) ? 1 : a.compareTo(b))
			.toList();
	}

	/** The message of a failure to make a verb's beans, the setting's name first when a setting did not bind. */
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

	private static int fail(PrintStream err, RowliftException ex) {
		err.println("rowlift: " + ex.getMessage());
		return ex.exitCode();
	}

}
