package io.rowlift.target;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the rows go ({@code rowlift.target.*}). The database itself is
 * {@code spring.datasource.url}; its kind (SQLite or MySQL) follows from the URL.
 *
 * @param table the table to load; matched case-insensitively, always quoted in SQL
 * @param writeMethod how rows are written: {@code auto} (default: the target's fastest safe path),
 *     {@code insert} or {@code load-data} (MySQL only)
 */
@ConfigurationProperties("rowlift.target")
public record TargetProperties(String table, @DefaultValue("auto") WriteMethod writeMethod) {

	/** The property's name, for code that reads it before the properties are bound. */
	public static final String WRITE_METHOD = "rowlift.target.write-method";

}
