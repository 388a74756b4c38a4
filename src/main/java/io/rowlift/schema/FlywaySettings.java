package io.rowlift.schema;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The settings of the operator's Flyway that Rowlift reads itself ({@code spring.flyway.*}), bound as Boot binds
 * them, so that nothing at or below the job reads the {@code Environment} (issue #35). Boot's own Flyway
 * configuration binds them again for Flyway.
 *
 * @param table Flyway's history table ({@code spring.flyway.table}), which no load may target, or null for Flyway's
 * default ({@code flyway_schema_history})
 * @param locations {@code spring.flyway.locations} as written (comma-separated, with {@code {vendor}}), where
 * {@code rowlift.schema.create=infer} writes its migration; null when not set
 */
@ConfigurationProperties("spring.flyway")
public record FlywaySettings(String table, String locations) {
}
