package io.rowlift.testsupport;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.rowlift.RowliftApplication;
import io.rowlift.RowliftException;
import io.rowlift.cli.RowliftCommand;
import io.rowlift.cli.RowliftRunner;
import io.rowlift.cli.SessionKeyCheck;
import io.rowlift.database.TargetProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.load.LoadRequest;
import io.rowlift.load.LoadService;
import io.rowlift.report.ReportProperties;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.sort.SortProperties;
import io.rowlift.source.SourceProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.IgnoreTopLevelConverterNotFoundBindHandler;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * Runs the {@code load} command as {@link RowliftRun#of} does, but many loads per started application (issue #35,
 * item 5): the first load with a given set of <em>context settings</em> starts the application exactly as the
 * command does and keeps it open; each later load with the same context settings binds its own request settings
 * ({@code rowlift.source.*}, {@code rowlift.target.*}, {@code rowlift.job.*}, {@code rowlift.report.*},
 * {@code rowlift.schema.*}, {@code rowlift.sort.*}) from its arguments, checks them for unknown keys as the command does, and runs the
 * {@code load} verb ({@link RowliftCommand}) through that application's {@link LoadService}: what the scheduled
 * service does for each inbox file. Output and exit code are the command's.
 *
 * <p>Context settings are every argument outside those prefixes (the database, Flyway, the service and the
 * cluster), and the few inside them that the application's own beans read when they are made:
 * {@link #CONTEXT_KEYS}. A load with other context settings gets an application of its own; at most
 * {@link #OPEN} stay open, the oldest is closed first. What is not the one-shot {@code load} (another verb, the
 * service, a cluster role, {@code --help}) runs as {@link RowliftRun#of}, and so does everything when the
 * environment variable {@code ROWLIFT_TEST_SESSIONS} is {@code off}, to compare.
 *
 * <p>A {@link TestTarget} that drops or recreates its database closes every session first ({@link #closeEverywhere}):
 * the applications' pools hold connections to it. Not thread-safe; loads run one at a time (as {@link RowliftRun#of}, on its lock).
 */
public final class LoadSessions implements AutoCloseable {

	/** Keys under the request's prefixes that the application's beans read when they are made (the pool's set-up). */
	static final List<String> CONTEXT_KEYS = List.of("rowlift.target.write-method", "rowlift.target.page-size",
			"rowlift.job.spring.");

	/** The prefixes of a load request's settings. */
	static final List<String> REQUEST_PREFIXES = List.of("rowlift.source.", "rowlift.target.", "rowlift.job.", "rowlift.report.",
			"rowlift.schema.", "rowlift.sort.");

	/** Applications kept open at most. */
	static final int OPEN = 3;

	private static final boolean ENABLED = !"off".equals(System.getenv("ROWLIFT_TEST_SESSIONS"));

	/** Every instance of this JVM, for {@link #closeEverywhere}. */
	private static final java.util.Set<LoadSessions> ALL = java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());

	private final Map<List<String>, ConfigurableApplicationContext> open = new LinkedHashMap<>();

	private int started;

	private int reused;

	public LoadSessions() {
		synchronized (ALL) {
			ALL.add(this);
		}
	}

	/**
	 * Closes the kept applications of every instance: a {@link TestTarget} calls it before it drops or replaces
	 * its database, whose connections the applications' pools hold (test classes of one JVM run one at a time).
	 */
	public static void closeEverywhere() {
		List<LoadSessions> all;
		synchronized (ALL) {
			all = new ArrayList<>(ALL);
		}
		all.forEach(LoadSessions::close);
	}

	/** Runs one command line, in a kept application when it is a one-shot load whose context settings one has. */
	public RowliftRun run(List<String> args) {
		synchronized (RowliftRun.class) {
			if (!ENABLED || !sessionable(args)) {
				return RowliftRun.of(args);
			}
			List<String> key = contextSettings(args);
			ConfigurableApplicationContext context = this.open.get(key);
			if (context != null) {
				this.reused++;
				StartLog.record("reuse");
				return load(context, args);
			}
			return start(key, args);
		}
	}

	/** How many applications were started and how many loads ran in one already started (for a test's log). */
	public String counts() {
		return this.started + " started, " + this.reused + " reused";
	}

	/** Closes every kept application (and so its pool): before the database is dropped, and at the end. */
	@Override
	public void close() {
		synchronized (RowliftRun.class) {
			for (ConfigurableApplicationContext context : this.open.values()) {
				context.close();
			}
			this.open.clear();
		}
	}

	private RowliftRun start(List<String> key, List<String> args) {
		StartLog.record("session");
		ConfigurableApplicationContext[] made = new ConfigurableApplicationContext[1];
		RowliftRun run = RowliftRun.captured(() -> {
			try {
				made[0] = RowliftApplication.start(args.toArray(String[]::new));
			}
			catch (Throwable ex) {
				return RowliftException.exitCodeOf(ex);
			}
			return made[0].getBean(RowliftRunner.class).getExitCode();
		});
		ConfigurableApplicationContext context = made[0];
		if (context == null) {
			return run;
		}
		if (!(context.getBeanFactory().getType("rowlift.verb.load") == RowliftCommand.class)) {
			context.close(); // the service or a cluster role: not the one-shot load this class runs again
			return run;
		}
		try {
			checkSameBinding(context, args);
		}
		catch (RuntimeException ex) { // a setting the command refused (exit 2, said in the run): no application to keep
			context.close();
			return run;
		}
		this.started++;
		if (this.open.size() >= OPEN) {
			Iterator<ConfigurableApplicationContext> oldest = this.open.values().iterator();
			oldest.next().close();
			oldest.remove();
		}
		this.open.put(key, context);
		return run;
	}

	/** The load of {@code args} in {@code context}: its request bound from {@code args} over the context's other settings. */
	private static RowliftRun load(ConfigurableApplicationContext context, List<String> args) {
		StandardEnvironment environment = environment(context, args);
		LoadRequest request;
		try {
			request = request(Binder.get(environment));
		}
		catch (RuntimeException ex) { // a setting that does not bind: the command's own start says it, in its words
			return RowliftRun.of(args);
		}
		return RowliftRun.captured(() -> {
			try {
				SessionKeyCheck.check(environment);
			}
			catch (RowliftException ex) {
				System.err.println("rowlift: " + ex.getMessage());
				return ex.exitCode();
			}
			return new RowliftCommand(context.getBean(LoadService.class), request).run();
		});
	}

	/**
	 * Guards this class's own binding: for the first load, the request it would bind must equal the one the
	 * application bound, or a later load could silently run with other settings than the command would.
	 */
	private static void checkSameBinding(ConfigurableApplicationContext context, List<String> args) {
		LoadRequest ours = request(Binder.get(environment(context, args)));
		LoadRequest theirs = LoadRequest.builder().source(context.getBean(SourceProperties.class))
			.target(context.getBean(TargetProperties.class)).job(context.getBean(JobProperties.class))
			.report(context.getBean(ReportProperties.class)).schema(context.getBean(SchemaProperties.class))
			.sort(context.getBean(SortProperties.class)).build();
		if (!ours.equals(theirs)) {
			context.close();
			throw new AssertionError("LoadSessions binds " + ours + "\nbut the application bound " + theirs + "\nfor " + args);
		}
	}

	/** The load request {@code binder}'s settings make, bound as Boot binds the command's records. */
	public static LoadRequest request(Binder binder) {
		return LoadRequest.builder().source(bind(binder, "rowlift.source", SourceProperties.class))
			.target(bind(binder, TargetProperties.PREFIX, TargetProperties.class))
			.job(bind(binder, "rowlift.job", JobProperties.class))
			.report(bind(binder, "rowlift.report", ReportProperties.class))
			.schema(bind(binder, "rowlift.schema", SchemaProperties.class))
			.sort(bind(binder, "rowlift.sort", SortProperties.class))
			.build();
	}

	/**
	 * As Boot binds a {@code @ConfigurationProperties} record: a prefix that holds a plain value (a YAML key whose
	 * children are all commented out, as in config/application.yml) counts as not set, not as a failed conversion.
	 */
	private static <T> T bind(Binder binder, String prefix, Class<T> type) {
		T bound = binder.bindOrCreate(prefix, Bindable.of(type), new IgnoreTopLevelConverterNotFoundBindHandler());
		// null: the prefix held only that plain value, no key below it; the record with its defaults, as Boot makes it
		return bound != null ? bound : new Binder(List.of()).bindOrCreate(prefix, type);
	}

	/**
	 * The settings a load of {@code args} sees in {@code context}: its own command line in place of the one the
	 * application started with, then every other source of the application (system properties, the environment,
	 * the configuration files, what Rowlift's environment post-processors added).
	 */
	private static StandardEnvironment environment(ConfigurableApplicationContext context, List<String> args) {
		StandardEnvironment environment = new StandardEnvironment();
		MutablePropertySources sources = environment.getPropertySources();
		List<String> defaults = new ArrayList<>();
		sources.forEach(source -> defaults.add(source.getName()));
		defaults.forEach(sources::remove);
		sources.addFirst(new SimpleCommandLinePropertySource(args.toArray(String[]::new)));
		for (PropertySource<?> source : context.getEnvironment().getPropertySources()) {
			// Boot's view of all sources ("configurationProperties") would bring the start's command line back
			if (!source.getName().equals(CommandLinePropertySource.COMMAND_LINE_PROPERTY_SOURCE_NAME)
					&& !source.getName().equals("configurationProperties")) {
				sources.addLast(source);
			}
		}
		return environment;
	}

	private static boolean sessionable(List<String> args) {
		return RowliftRunner.runsTheDefaultVerb(args.toArray(String[]::new))
				&& args.stream().noneMatch(a -> a.startsWith("--rowlift.schedule.") || a.startsWith("--rowlift.cluster."));
	}

	/** The arguments that need an application of their own, in order. */
	static List<String> contextSettings(List<String> args) {
		List<String> key = new ArrayList<>();
		for (String arg : args) {
			String name = arg.startsWith("--") ? arg.substring(2) : arg;
			boolean request = REQUEST_PREFIXES.stream().anyMatch(name::startsWith)
					&& CONTEXT_KEYS.stream().noneMatch(name::startsWith);
			if (!request) {
				key.add(arg);
			}
		}
		return key;
	}

}
