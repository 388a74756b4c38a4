package io.rowlift.load;

/**
 * Where the operator's migrations live, {@code spring.flyway.locations} as written (comma-separated, with
 * {@code {vendor}}), for an entry point that writes one: {@code rowlift infer} puts the migration it drafts there.
 * A value of the load layer so that the command line needs neither the {@code Environment} nor the schema's
 * settings record (issue #35, "one way in"). Immutable.
 *
 * @param written the setting as written, or null when it is not set (the migration then goes to
 *     {@code rowlift.infer.output-dir} alone)
 */
public record MigrationLocations(String written) {
}
