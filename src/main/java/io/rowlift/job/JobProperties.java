package io.rowlift.job;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

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
 * @param startOver abandon an unfinished run of this load instead of resuming it (default false); its
 * committed rows stay in the table
 * @param reload load a file again although the same unchanged file was loaded already (default false)
 * @param pipeline which reader and writer load the partitions: {@link Pipeline#FAST} (Rowlift's own, the
 * default) or {@link Pipeline#SPRING} (Spring Batch's FlatFileItemReader, the user's mapper and processor,
 * JdbcBatchItemWriter); null when not set, so that a user's processor or mapper bean can choose SPRING;
 * fixed by the first run of a load
 * @param lockWait how long a load waits for the run lock that another load holds before it is refused
 * (default 0: refused at once, exit 3); on SQLite the lock is one per database file, so this lets loads
 * into other tables of the same file queue up instead of being refused
 */
@ConfigurationProperties("rowlift.job")
public record JobProperties(Integer partitions, Integer threads, Integer chunkSize,
		@DefaultValue("0") long skipLimit, @DefaultValue("2") int readAhead,
		@DefaultValue("false") boolean startOver, @DefaultValue("false") boolean reload, Pipeline pipeline,
		@DefaultValue("0s") java.time.Duration lockWait) {
}
