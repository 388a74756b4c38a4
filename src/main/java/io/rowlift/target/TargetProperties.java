package io.rowlift.target;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the rows go ({@code rowlift.target.*}). The database itself is
 * {@code spring.datasource.url}; its kind (SQLite or MySQL) follows from the URL.
 *
 * @param table the table to load; matched case-insensitively, always quoted in SQL
 */
@ConfigurationProperties("rowlift.target")
public record TargetProperties(String table) {
}
