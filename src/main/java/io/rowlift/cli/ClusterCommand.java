package io.rowlift.cli;

import java.io.PrintStream;
import java.util.Optional;
import java.util.function.Supplier;

import io.rowlift.RowliftException;
import io.rowlift.cluster.ClusterRole;
import io.rowlift.database.TargetDialect;

/**
 * The {@code load} verb with {@code rowlift.cluster.role} set: the manager runs the load as the one-shot
 * verb does, its partitions on the workers; a worker serves partitions until stopped. Either refuses a
 * target whose partitions cannot run on other machines (SQLite) with exit 2 and the reason, before any
 * broker or load is touched.
 */
final class ClusterCommand implements Verb {

	private final ClusterRole role;

	private final TargetDialect dialect;

	private final Supplier<Verb> then;

	private final PrintStream err;

	ClusterCommand(ClusterRole role, TargetDialect dialect, Supplier<Verb> then, PrintStream err) {
		this.role = role;
		this.dialect = dialect;
		this.then = then;
		this.err = err;
	}

	@Override
	public int run() {
		Optional<String> refusal = this.dialect.connections().whyNoRemotePartitions();
		if (refusal.isPresent()) {
			this.err.println("rowlift: " + ClusterRole.SETTING + "=" + this.role.name().toLowerCase(java.util.Locale.ROOT) + ": "
					+ refusal.get());
			this.err.flush();
			return RowliftException.BAD_INPUT;
		}
		return this.then.get().run();
	}

}
