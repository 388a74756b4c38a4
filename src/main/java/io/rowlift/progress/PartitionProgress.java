package io.rowlift.progress;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * What one partition has committed, over all runs of its load: the one codec of a partition's
 * progress to and from its step's {@link ExecutionContext}. Readers, the writer and a processor
 * each save their part through it, within the chunk transaction; the accounting check and the
 * summary read the whole of it back.
 *
 * <p>Its own package, not {@code model}: the codec needs Spring Batch's context, and the shared model
 * depends on no framework; readers ({@code source}, {@code sort}), the writer ({@code database}) and
 * the accounting ({@code job}) all depend on it, and it on none of them.
 *
 * <p>The context key names are persisted in Spring Batch's tables and must not change: a run started
 * by an earlier version resumes from them. A key an earlier version did not write reads as what that
 * version meant by its absence (nothing counted, no sorted stream).
 *
 * <p>No position in the input: where a unit's reader stands is its input format's own value, saved
 * beside these counts under the format's keys ({@link io.rowlift.source.InputSource}); only the format reads it.
 *
 * @param read records read and committed ({@value #READ})
 * @param written rows written ({@value #WRITTEN})
 * @param rejected records rejected, each staged as a reject ({@value #REJECTED})
 * @param filtered records the row filter or a processor left out ({@value #FILTERED})
 * @param sortedPosition records a sorted stream handed out ({@value #SORTED_POSITION}), or -1 when
 * the partition reads a byte range
 * @param sortedTotal records in the sorted stream ({@value #SORTED_TOTAL}), or -1 when unknown (a
 * byte range, or a sorted run saved by an earlier version)
 * @param writtenAtOpen {@code written} when this run opened the partition ({@value #WRITTEN_AT_OPEN}),
 * so this run's rows are the difference
 * @param updated rows that matched a key already in the table and updated it (mode {@code upsert},
 * {@value #UPDATED})
 * @param ignored records whose key was already in the table, skipped (mode {@code ignore}, {@value #IGNORED})
 * @param blankLines blank lines skipped, no records ({@code rowlift.source.blank-lines=skip}, {@value #BLANK_LINES}):
 * not in {@code read}, so not in the accounting's sum
 */
public record PartitionProgress(long read, long written, long rejected, long filtered,
		long sortedPosition, long sortedTotal, long writtenAtOpen, long updated, long ignored, long blankLines) {

	/** Context key: records read (and committed) in this partition, over all runs. */
	public static final String READ = "reader.count";

	/** Context key: rows this partition inserted, over all runs. */
	public static final String WRITTEN = "writer.written";

	/** Context key: records this partition rejected, over all runs. */
	public static final String REJECTED = "writer.rejected";

	/** Context key: {@value #WRITTEN} when this run opened the partition. */
	public static final String WRITTEN_AT_OPEN = "writer.written-at-open";

	/** Context key: rows that updated a row already in the table, over all runs (absent: none). */
	public static final String UPDATED = "writer.updated";

	/** Context key: {@value #UPDATED} when this run opened the partition (absent: none). */
	public static final String UPDATED_AT_OPEN = "writer.updated-at-open";

	/** Context key: records skipped because their key was already in the table, over all runs (absent: none). */
	public static final String IGNORED = "writer.ignored";

	/** Context key: records the row filter (the fast pipeline's writer, the spring pipeline's processor) or a user's processor left out, over all runs (absent: none). */
	public static final String FILTERED = "processor.filtered";

	/** Context key: blank lines the reader skipped before its saved position, over all runs (absent: none). */
	public static final String BLANK_LINES = "reader.blank-lines";

	/** Context key: records handed out by a sorted stream (a merge of sorted runs), over all runs. */
	public static final String SORTED_POSITION = "sort.consumed";

	/** Context key: records in the sorted stream (absent in runs of earlier versions). */
	public static final String SORTED_TOTAL = "sort.total";

	/** Reads a partition's progress. */
	public static PartitionProgress readFrom(ExecutionContext context) {
		return new PartitionProgress(context.getLong(READ, 0L), context.getLong(WRITTEN, 0L), context.getLong(REJECTED, 0L),
				context.getLong(FILTERED, 0L), context.getLong(SORTED_POSITION, -1L), context.getLong(SORTED_TOTAL, -1L),
				context.getLong(WRITTEN_AT_OPEN, 0L), context.getLong(UPDATED, 0L), context.getLong(IGNORED, 0L),
				context.getLong(BLANK_LINES, 0L));
	}

	/** Saves a unit reader's count: the records read (its position it saves itself, under its format's keys). */
	public static void saveRead(ExecutionContext context, long read) {
		context.putLong(READ, read);
	}

	/**
	 * Saves the blank lines a unit reader skipped before the position it saves (beside it, in the same context);
	 * none is no key, so the contexts of a file without blank lines are those an earlier version wrote.
	 */
	public static void saveBlankLines(ExecutionContext context, long blankLines) {
		if (blankLines == 0) {
			context.remove(BLANK_LINES);
		}
		else {
			context.putLong(BLANK_LINES, blankLines);
		}
	}

	/**
	 * Saves a sorted stream's part: its position, which is also the records read, and its size.
	 * No position in the input: a sorted stream's coverage is its position, not its units'.
	 */
	public static void saveSorted(ExecutionContext context, long position, long total) {
		context.putLong(SORTED_POSITION, position);
		context.putLong(SORTED_TOTAL, total);
		context.putLong(READ, position);
	}

	/** Saves the writer's part. */
	public static void saveWritten(ExecutionContext context, long written, long rejected, long writtenAtOpen) {
		context.putLong(WRITTEN, written);
		context.putLong(REJECTED, rejected);
		context.putLong(WRITTEN_AT_OPEN, writtenAtOpen);
	}

	/** Saves {@value #UPDATED} as the partition is opened, so this run's updated rows are the difference. */
	public static void saveUpdatedAtOpen(ExecutionContext context, long updated) {
		context.putLong(UPDATED_AT_OPEN, updated);
	}

	/** Rows this run put in the table: {@link #writtenThisRun} and the rows an upsert updated in this run. */
	public static long landedThisRun(ExecutionContext context) {
		PartitionProgress progress = readFrom(context);
		return progress.writtenThisRun() + progress.updated() - context.getLong(UPDATED_AT_OPEN, 0L);
	}

	/** Saves the writer's part of a load that matches keys: rows updated and records ignored. */
	public static void saveMatched(ExecutionContext context, long updated, long ignored) {
		context.putLong(UPDATED, updated);
		context.putLong(IGNORED, ignored);
	}

	/** Saves the filtered records (the fast pipeline's writer, the spring pipeline's processor). */
	public static void saveFiltered(ExecutionContext context, long filtered) {
		context.putLong(FILTERED, filtered);
	}

	/** Whether the partition reads a sorted stream rather than a byte range. */
	public boolean sorted() {
		return this.sortedPosition >= 0;
	}

	/** Records accounted for: written, updated, ignored, rejected or filtered; equals {@code read} when all is well. */
	public long accounted() {
		return this.written + this.updated + this.ignored + this.rejected + this.filtered;
	}

	/** Rows this run wrote. */
	public long writtenThisRun() {
		return this.written - this.writtenAtOpen;
	}

}
