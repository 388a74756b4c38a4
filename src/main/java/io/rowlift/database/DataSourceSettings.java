package io.rowlift.database;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The target's connection settings the job needs besides the pool Boot makes of them ({@code spring.datasource.*}),
 * bound as Boot binds them, so that nothing at or below the job reads the {@code Environment} (issue #35).
 *
 * @param url {@code spring.datasource.url}, or null when it is not set (the run lock's file, the sort folder's
 * database)
 * @param hikari the pool's settings
 */
@ConfigurationProperties("spring.datasource")
public record DataSourceSettings(String url, @DefaultValue Hikari hikari) {

	/** @param maximumPoolSize {@code spring.datasource.hikari.maximum-pool-size} (Hikari's default, 10): it bounds the threads */
	public record Hikari(@DefaultValue("10") int maximumPoolSize) {
	}

	/** The URL, "" when it is not set. */
	public String urlOrEmpty() {
		return this.url == null ? "" : this.url;
	}

}
