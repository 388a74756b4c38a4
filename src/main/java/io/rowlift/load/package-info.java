/**
 * The load as an application service: {@link io.rowlift.load.LoadService} takes a
 * {@link io.rowlift.load.LoadRequest} and returns a {@link io.rowlift.load.LoadResult}. The command line,
 * the scheduled service and the observability sit above it and call it; it, and everything below it
 * (job, schema, database, source, report), knows none of them.
 */
package io.rowlift.load;
