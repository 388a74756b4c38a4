package io.rowlift.job;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import io.rowlift.RowliftException;

/**
 * How a load runs ({@code rowlift.job.*}).
 *
 * @param partitions byte ranges the file is split into (default: chosen from the file size, the cores
 * and the target; see the summary for what was chosen and why); fixed by the first run of a load,
 * a resume keeps them
 * @param threads partitions loaded at the same time (default: the smaller of partitions and cores)
 * @param chunkSize records per transaction (default 10000, and 50000 for a load sorted by key into
 * MySQL's LOAD DATA, whose one stream pays a statement, a warnings check and a commit per chunk);
 * fixed by the first run of a load; a resume restarts each unfinished
 * partition after its last committed chunk
 * @param readAhead chunks each partition parses ahead of its writer on a thread of its own (default 2; 0
 * parses on the writing thread), and no more than {@link io.rowlift.source.ReadAheadReader#MAX_BYTES_AHEAD}
 * of records at the sampled record length
 * @param skipLimit bad records tolerated, counted over the whole load including resumes (default 0:
 * the first bad record fails the load); each goes to the reject file with its reason
 * @param startOver abandon an unfinished run of this load instead of resuming it (default false); in mode
 * {@code append} a run that committed rows is abandoned only with {@code truncate} or {@code replace}, or
 * with {@code keepAbandonedRows} (see {@link RunDecision})
 * @param keepAbandonedRows with {@code startOver} in mode {@code append}: the rows the abandoned run
 * committed stay in the table beside the new load, as the operator chose (default false: such a start-over
 * is refused, because Rowlift cannot tell those rows apart from the table's others to remove them)
 * @param reload load a file again although the same unchanged file was loaded already (default false)
 * @param pipeline which reader and writer load the partitions: {@link Pipeline#FAST} (Rowlift's own, the
 * default) or {@link Pipeline#SPRING} (Spring Batch's FlatFileItemReader, the user's mapper and processor,
 * JdbcBatchItemWriter); null when not set, so that a user's processor or mapper bean can choose SPRING;
 * fixed by the first run of a load
 * @param lockWait how long a load waits for the run lock that another load holds before it is refused
 * (default 0: refused at once, exit 3); on SQLite the lock is one per database file, so this lets loads
 * into other tables of the same file queue up instead of being refused
 * @param beforeSql SQL run once per load before its first row, in its own transaction: statements separated by
 * {@code ;}, or {@code file:<path>} (see {@link LoadSql}); default none
 * @param afterSql SQL run once per load after its last step (after a replace's swap), in its own transaction; a
 * failure fails the run (exit 1) and the same command runs it again, and only it; default none
 * @throws RowliftException (exit 2) for a number out of its range, naming the key, the value and the
 * range: settings are refused when they bind, before any run is decided (an "already loaded" never hides a
 * bad value)
 */
@ConfigurationProperties("rowlift.job")
public record JobProperties(Integer partitions, Integer threads, Integer chunkSize,
		@DefaultValue("0") long skipLimit, @DefaultValue("2") int readAhead,
		@DefaultValue("false") boolean startOver, @DefaultValue("false") boolean reload, Pipeline pipeline,
		@DefaultValue("false") boolean keepAbandonedRows, @DefaultValue("0s") java.time.Duration lockWait,
		String beforeSql, String afterSql) {

	public JobProperties {
		if (partitions != null && (partitions < 1 || partitions > Sizing.MAX_PARTITIONS)) {
			throw RowliftException.badSetting("rowlift.job.partitions", partitions, "between 1 and " + Sizing.MAX_PARTITIONS);
		}
		if (threads != null && threads < 1) {
			throw RowliftException.badSetting("rowlift.job.threads", threads,
					"between 1 and spring.datasource.hikari.maximum-pool-size minus 3");
		}
		if (chunkSize != null && chunkSize < 1) {
			throw RowliftException.badSetting("rowlift.job.chunk-size", chunkSize, "at least 1");
		}
		if (skipLimit < 0) {
			throw RowliftException.badSetting("rowlift.job.skip-limit", skipLimit,
					"0 or more (0: the first bad record fails the load)");
		}
		if (lockWait != null && lockWait.isNegative()) {
			throw RowliftException.badSetting("rowlift.job.lock-wait", lockWait, "0s or more (0s: refused at once)");
		}
		if (readAhead < 0) {
			throw RowliftException.badSetting("rowlift.job.read-ahead", readAhead, "0 or more (0: parse on the writing thread)");
		}
	}

}
