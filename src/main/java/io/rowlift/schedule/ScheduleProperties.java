package io.rowlift.schedule;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The scheduled service ({@code rowlift.schedule.*}, docs/scheduled-runs.md). Either {@code cron} or
 * {@code fixedDelay} makes {@code rowlift [load]} a service that watches the inbox that
 * {@code rowlift.source.path} names as a glob (such as {@code inbox/*.csv}).
 *
 * @param cron when ticks start, in Spring's cron syntax with seconds ({@code 0 *&#47;5 * * * *}: every five
 * minutes); a tick that outlasts the period delays the next one, ticks never overlap
 * @param fixedDelay the pause between the end of one tick and the start of the next (the first tick
 * starts at once); set one of cron and fixed-delay, not both
 * @param settle how long a file's size and modification time must have stayed the same before it is
 * taken (default 5s); a file that changed within it waits for a later tick
 * @param archiveDir where loaded files move to (default {@code <inbox>/loaded/}, created when missing;
 * relative to the working directory); empty: loaded files stay where they are
 * @param maxAttempts failed attempts at a file before it moves to {@code <inbox>/failed/} with its reasons
 * (default 3)
 * @param order the order in which a tick takes its files: {@code name} (default) or {@code modified}
 * (oldest first, then by name)
 * @param tableFromName the table named from the file name instead of {@code rowlift.target.table}: a
 * template with {@code {name}} (the file name up to its first dot, as in {@code stage_{name}}), or a
 * regular expression that must match the whole file name and names the table with its group
 * {@code table} or, without one, its first group (as in {@code (.+)_\d{8}\.csv})
 */
@ConfigurationProperties("rowlift.schedule")
public record ScheduleProperties(String cron, Duration fixedDelay, @DefaultValue("5s") Duration settle,
		String archiveDir, @DefaultValue("3") int maxAttempts, @DefaultValue("name") Order order, String tableFromName) {

	/** @throws io.rowlift.RowliftException (exit 2) for a number out of its range, naming the key, the value and the range */
	public ScheduleProperties {
		if (fixedDelay != null && (fixedDelay.isNegative() || fixedDelay.isZero())) {
			throw io.rowlift.RowliftException.badSetting("rowlift.schedule.fixed-delay", fixedDelay, "more than 0 (such as 30s)");
		}
		if (settle != null && settle.isNegative()) {
			throw io.rowlift.RowliftException.badSetting("rowlift.schedule.settle", settle, "0 or more (such as 5s)");
		}
		if (maxAttempts < 1) {
			throw io.rowlift.RowliftException.badSetting("rowlift.schedule.max-attempts", maxAttempts, "at least 1");
		}
	}

	/** The order of a tick's files. */
	public enum Order {

		/** By file name. */
		NAME,

		/** By modification time, oldest first; the same time by name. */
		MODIFIED

	}

}
