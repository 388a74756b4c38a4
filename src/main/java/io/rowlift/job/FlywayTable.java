package io.rowlift.job;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Flyway's history table ({@code spring.flyway.table}), which no load may target, bound as Boot binds it, so that
 * nothing in the job reads the {@code Environment} (issue #35).
 *
 * @param table the table, or null for Flyway's default ({@code flyway_schema_history})
 */
@ConfigurationProperties("spring.flyway")
public record FlywayTable(String table) {
}
