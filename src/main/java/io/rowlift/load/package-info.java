/**
 * The load as an application service, and the entry points' one way in (issue #35):
 * {@link io.rowlift.load.LoadService} takes a {@link io.rowlift.load.LoadRequest} and returns a
 * {@link io.rowlift.load.LoadResult}; {@link io.rowlift.load.StatusService} and
 * {@link io.rowlift.load.RebuildIndexesService} serve {@code status} and {@code rebuild-indexes};
 * {@link io.rowlift.load.IndexRestore} is the one restore of dropped indexes (the verb, the scheduled service's
 * given-up files, the {@code indexes} health component); {@link io.rowlift.load.TargetDatabase} describes the
 * database and its faults. The command line, the scheduled service and the observability sit above it and reach
 * the job, schema, database and input only through it (ArchitectureTests); it, and everything below it, knows
 * none of them.
 */
package io.rowlift.load;
