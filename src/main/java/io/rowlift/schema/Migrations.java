package io.rowlift.schema;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.ObjectProvider;

import io.rowlift.RowliftException;
import io.rowlift.source.SourceProperties;

/**
 * Runs the operator's Flyway migrations ({@code spring.flyway.*}) when a load asks for it, after
 * the input file was checked and the run lock taken, rather than at start-up. With
 * {@code spring.flyway.enabled=false} it does nothing: the tables are then the operator's business
 * (a database whose tables were not made by Flyway loads the same way). When the locations hold no
 * migration at all, Flyway is not run either, so such a database needs no setting.
 */
public final class Migrations {

	private static final Log log = LogFactory.getLog(Migrations.class);

	private final ObjectProvider<Flyway> flyway;

	private final ObjectProvider<TableCreation> creation;

	private final String locationsOrigin;

	private boolean missingSaid;

	public Migrations(ObjectProvider<Flyway> flyway) {
		this(flyway, null, null);
	}

	/**
	 * @param creation {@code rowlift.schema.create=infer} around the migrations (null: never)
	 * @param locationsOrigin where the operator set {@code spring.flyway.locations}, or null when it is Rowlift's default
	 */
	public Migrations(ObjectProvider<Flyway> flyway, ObjectProvider<TableCreation> creation, String locationsOrigin) {
		this.flyway = flyway;
		this.creation = creation;
		this.locationsOrigin = locationsOrigin;
	}

	/**
	 * The migrations of a load into {@code table}: with {@code rowlift.schema.create=infer} (the load's
	 * {@code schema}, from its request, not the context's: one scheduled service loads many files), the file's
	 * shape is inferred first, and after the migrations a missing table gets its inferred migration
	 * (applied at once) and an existing one is checked against the shape ({@link TableCreation}). The new
	 * migration's version passes the one the database is at, so Flyway never skips it; and when no migration
	 * was there before it, a database that already holds tables without Flyway's schema history is baselined at
	 * version 0, below it: the folder then builds a fresh database and this one alike.
	 * @param schema the load's {@code rowlift.schema.*}
	 * @param source the load's input, which {@code create=infer} reads whole
	 * @throws RowliftException (exit 2) when the migrations cannot be applied or the table differs from the file
	 */
	public void migrate(String table, SchemaProperties schema, SourceProperties source) {
		TableCreation create = this.creation == null || schema.create() != SchemaProperties.Create.INFER ? null
				: this.creation.getIfAvailable();
		if (create == null) {
			migrate();
			return;
		}
		Flyway migrations = flyway();
		if (migrations == null) { // checked before anything is read or written
			throw RowliftException.badInput("rowlift.schema.create=infer writes the migration of a missing table and applies it with"
					+ " Flyway, which spring.flyway.enabled=false turns off: leave that setting out, or create table " + table
					+ " yourself and leave rowlift.schema.create=infer out");
		}
		io.rowlift.infer.InferredTable shape = create.shape(table, source);
		apply(migrations, true, false); // a missing folder is where the inferred migration goes: nothing to warn of
		// read before the new migration is written: whether any migration describes the database, and the
		// version the database is at, which the new migration must pass or Flyway would skip it
		boolean none = migrations.info().all().length == 0;
		MigrationInfo current = migrations.info().current();
		int applied = current == null || current.getVersion() == null ? 0 : current.getVersion().getMajor().intValue();
		if (create.createOrCheck(shape, applied)) {
			// no migration describes the tables already there: they are the database before version 1, so a
			// database Flyway has not seen yet is baselined at 0 and the new V1 applies to it as to a fresh one
			apply(none ? baselinedAtZero(migrations) : migrations, true, false);
		}
	}

	/** {@code flyway}'s settings, with a database that holds tables but no schema history baselined at version 0. */
	private static Flyway baselinedAtZero(Flyway flyway) {
		return Flyway.configure(flyway.getConfiguration().getClassLoader()).configuration(flyway.getConfiguration())
			.baselineOnMigrate(true)
			.baselineVersion("0")
			.baselineDescription("tables made before rowlift.schema.create=infer wrote its first migration")
			.load();
	}

	/**
	 * @throws RowliftException (exit 2) when the migrations cannot be applied
	 */
	public void migrate() {
		apply(flyway(), false, true);
	}

	/** The operator's Flyway, or null with {@code spring.flyway.enabled=false}. */
	private Flyway flyway() {
		try {
			return this.flyway.getIfAvailable();
		}
		catch (BeansException ex) {
			throw RowliftException.badInput("cannot set up the migrations (spring.flyway.*): " + rootMessage(ex));
		}
	}

	/**
	 * @param creating under {@code rowlift.schema.create=infer}, which needs Flyway: the advice leaves it on
	 * @param sayMissing whether a missing migrations folder is said (not where the inferred migration is about to go)
	 */
	private void apply(Flyway migrations, boolean creating, boolean sayMissing) {
		if (migrations == null) {
			return;
		}
		MissingMigrationFolders missing = MissingMigrationFolders.of(migrations.getConfiguration().getLocations());
		if (sayMissing) {
			sayMissing(missing);
		}
		if (missing.all()) {
			return; // no folder to read: Flyway would resolve nothing (and log a history it cannot match at ERROR)
		}
		try {
			if (migrations.info().all().length == 0) {
				return; // no migrations at all: a database made by other means loads as it is
			}
			migrations.migrate();
		}
		catch (FlywayException ex) {
			// the cause stays: a database that cannot be written (full, read-only) is said as such by the command
			throw new RowliftException(RowliftException.BAD_INPUT, "the migrations in " + locations(migrations) + " cannot be applied: "
					+ ex.getMessage().strip() + "\nIf the tables were made without Flyway, set " + (creating
							? "spring.flyway.baseline-on-migrate=true (not spring.flyway.enabled=false: rowlift.schema.create=infer applies"
									+ " its migration with Flyway)"
							: "spring.flyway.enabled=false or spring.flyway.baseline-on-migrate=true"), ex);
		}
	}

	/** A missing folder the operator named, once per process (a load migrates more than once); Rowlift's default at DEBUG. */
	private void sayMissing(MissingMigrationFolders missing) {
		for (java.nio.file.Path folder : missing.missing()) {
			if (this.locationsOrigin == null) {
				log.debug("the default migrations folder " + folder + " is not there: no migrations from it");
			}
			else if (!this.missingSaid) {
				log.warn(MissingMigrationFolders.named(folder, this.locationsOrigin));
			}
		}
		this.missingSaid = true;
	}

	private static String locations(Flyway flyway) {
		return String.join(", ", java.util.Arrays.stream(flyway.getConfiguration().getLocations()).map(Object::toString).toList());
	}

	private static String rootMessage(Throwable ex) {
		Throwable t = ex;
		while (t.getCause() != null) {
			t = t.getCause();
		}
		return t.getMessage();
	}

}
