package io.rowlift.cli;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How {@code status} reports ({@code rowlift.status.*}).
 *
 * @param limit at most this many loads, newest first (default 20)
 * @param format {@code text} (default: one line per load) or {@code json} (one object, documented in
 * docs/verbs.md)
 */
@ConfigurationProperties("rowlift.status")
public record StatusProperties(@DefaultValue("20") int limit, @DefaultValue("text") Format format) {

	/** @throws io.rowlift.RowliftException (exit 2) for a limit below 1 */
	public StatusProperties {
		if (limit < 1) {
			throw io.rowlift.RowliftException.badSetting("rowlift.status.limit", limit, "at least 1");
		}
	}

	/** The output format. */
	public enum Format {

		/** Lines for people. */
		TEXT,

		/** One JSON object for scripts. */
		JSON

	}

}
