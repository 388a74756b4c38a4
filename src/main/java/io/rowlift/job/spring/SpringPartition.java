package io.rowlift.job.spring;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import io.rowlift.database.write.ChunkBisection;
import io.rowlift.database.RejectBudget;
import io.rowlift.database.mapping.RecordFilter;
import io.rowlift.database.RejectTable;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.progress.ChunkCommitGuard;
import io.rowlift.source.BlankLines;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.SourceLocator;

/**
 * What one partition of the Spring Batch pipeline keeps while it runs: its range and locator, its
 * counts (saved in the partition's context with the fast path's keys), the record each item in the
 * current chunk came from, and the rejects not yet staged.
 *
 * <p>Why rejects wait here: Spring Batch calls a skip listener in the middle of a chunk, while it is
 * still reading; the rejects are staged by the writer's {@code update}, which runs in the chunk's
 * transaction just before it commits, so the reject table, the counts and the reader's position are
 * written at one place and commit (or vanish) together. Not thread-safe: used by the one thread that runs the partition.
 */
final class SpringPartition {

	final ByteRange range;

	final SourceLocator locator;

	final RejectBudget budget;

	final RejectTable rejects;

	/** Records read (parsed or rejected), over all runs. */
	long read;

	long written;

	long writtenAtOpen;

	long rejected;

	long filtered;

	/** Rows whose key matched (updated or ignored, in mode upsert or ignore), over all runs. */
	long matched;

	/** Fails the partition once a chunk it wrote rolled back and the step went on (set when the partition opens). */
	ChunkCommitGuard commits;

	RangeLineReader lines;

	/** What a blank line is (set when the partition opens; skipped until then). */
	BlankLines blankLines = BlankLines.SKIP;

	/** The trailing field of a file whose lines end with a delimiter ({@code TrailingDelimiter}), or -1 (set when it opens). */
	int trailingField = -1;

	/** The record each item of the current chunk (read or processed) came from. */
	final Map<Object, RawRecord> origins = new IdentityHashMap<>();

	/** Rejects of this chunk, staged when it commits. */
	final List<RejectedRecordException> pending = new ArrayList<>();

	/** The mapping, its expressions and filter compiled for the run (set when the partition opens). */
	TableMapping mapping;

	/** The row filter, or null (set when the partition opens). */
	RecordFilter filter;

	/** Finds the rows the database refused in this partition's chunks (remembers their share). */
	final ChunkBisection bisection;

	SpringPartition(ByteRange range, SourceLocator locator, RejectBudget budget, RejectTable rejects) {
		this(range, locator, budget, rejects, Checkpoints.NONE);
	}

	/** @param checkpoints told {@value ChunkBisection#CHECKPOINT} in the middle of a bisection (tests only) */
	SpringPartition(ByteRange range, SourceLocator locator, RejectBudget budget, RejectTable rejects, Checkpoints checkpoints) {
		this.bisection = new ChunkBisection(checkpoints);
		this.range = range;
		this.locator = locator;
		this.budget = budget;
		this.rejects = rejects;
	}

	/** The record {@code item} came from, or null if it is not an item of the current chunk. */
	RawRecord origin(Object item) {
		return this.origins.get(item);
	}

}
