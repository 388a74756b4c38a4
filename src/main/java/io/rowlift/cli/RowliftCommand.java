package io.rowlift.cli;

import java.io.PrintStream;

import io.rowlift.load.GracefulStop;
import io.rowlift.load.LoadRequest;
import io.rowlift.load.LoadResult;
import io.rowlift.load.LoadService;

/**
 * The {@code load} verb, {@code rowlift [load] --key=value ...}: runs one load through the
 * {@link LoadService} and returns the exit code of the contract (0 completed, 1 failed or stopped, 2 bad
 * configuration or input, 3 refused). The run report (phases, docs/reports.md) and the summary line go
 * to standard output, problems to standard error ({@link LoadResult#print}); the live progress goes to
 * standard error while the load runs. SIGTERM and SIGINT stop the load gracefully ({@link GracefulStop}).
 */
public final class RowliftCommand implements Verb {

	private final LoadService service;

	private final LoadRequest request;

	private final PrintStream out;

	private final PrintStream err;

	public RowliftCommand(LoadService service, LoadRequest request) {
		this.service = service;
		this.request = request;
		this.out = System.out;
		this.err = System.err;
	}

	@Override
	public int run() {
		GracefulStop stop = new GracefulStop(this.service, this.err);
		stop.install();
		LoadResult result = this.service.load(this.request);
		result.print(this.out, this.err);
		return result.exitCode();
	}

}
