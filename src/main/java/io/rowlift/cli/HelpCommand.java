package io.rowlift.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * {@code rowlift help}, {@code --help} or {@code -h}: the verbs this build has, the most used keys and
 * the exit codes, on one screen; exit 0. Needs no setting and touches no database. The verbs are the
 * {@link Verb} beans there are (found without making them), each with its line from {@link #LINES}.
 */
public final class HelpCommand implements Verb {

	/** One line per verb; a verb without one is listed by name. */
	static final Map<String, String> LINES = Map.of(
			"load", "load the file into the table; resumes an unfinished run of the same load (the default)",
			"status", "recent loads of the database, their state, and what the same load command would do now",
			"rebuild-indexes", "rebuild the indexes an unfinished load of --rowlift.target.table=T left dropped",
			"infer", "write a migration for the table the file describes",
			"help", "this text (also --help, -h)",
			"version", "the version (also --version)");

	private final List<String> verbs;

	private final PrintStream out;

	/** @param verbs the verbs there are, the default first */
	public HelpCommand(List<String> verbs, PrintStream out) {
		this.verbs = verbs;
		this.out = out;
	}

	@Override
	public int run() {
		this.out.print(text());
		return 0;
	}

	String text() {
		StringBuilder sb = new StringBuilder();
		sb.append("rowlift ").append(VersionCommand.version())
			.append(": loads a CSV file into a SQLite or MySQL table, in parallel, resumable and exact\n\n");
		sb.append("usage: rowlift [VERB] --key=value ...      (or java -jar rowlift.jar [VERB] --key=value ...)\n\n");
		sb.append("verbs:\n");
		for (String verb : this.verbs) {
			sb.append(String.format("  %-17s %s%n", verb, LINES.getOrDefault(verb, "")));
		}
		sb.append("""

				most used keys (also in ./config/*.yml or the environment, ROWLIFT_SOURCE_PATH=...):
				  --rowlift.source.path=FILE          the file to load (load)
				  --rowlift.target.table=TABLE        the table to load (load, rebuild-indexes; narrows status)
				  --spring.profiles.active=mysql      the target database: sqlite (default) or mysql
				  --spring.datasource.url=URL         jdbc:sqlite:data/rowlift.db (default), jdbc:mysql://host:3306/db
				  --rowlift.job.partitions=N          byte ranges the file is split into (default: chosen)
				  --rowlift.job.skip-limit=N          bad records tolerated over the whole load (default 0)
				  --rowlift.job.start-over=true       abandon an unfinished run of the load instead of resuming it
				  --rowlift.job.reload=true           load a file again that was loaded unchanged already
				  --rowlift.report.reject-file=FILE   where rejected records go (default FILE.rejects.csv)
				  --rowlift.report.summary-file=FILE  the run's summary as JSON
				  --rowlift.status.format=json        status as JSON; --rowlift.status.limit=N loads (default 20)

				exit codes:
				  0  done: the load completed (status, rebuild-indexes, help: done)
				  1  the load failed or was stopped; the same command resumes it
				  2  bad configuration or input, found before anything was written
				  3  refused, nothing written: already loaded, file changed since an unfinished run,
				     another run active
				""");
		return sb.toString();
	}

}
