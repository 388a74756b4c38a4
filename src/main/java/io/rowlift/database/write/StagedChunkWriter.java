package io.rowlift.database.write;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.database.BulkLoader;
import io.rowlift.database.RefusalStage;
import io.rowlift.database.Rejection;
import io.rowlift.database.BulkRows;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.model.RawRecord;

/**
 * Writes a chunk with the rows the database would refuse named on the server first, through the dialect's
 * {@link RefusalStage} (MariaDB, MySQL; {@link BulkSink}'s path for a refused stream): the rows bound once, the
 * columns the table's constraints read staged, the refused rows predicted, the others sent from the bound rows as
 * one stream (halved by the {@link ChunkBisection} should it be refused all the same), then each predicted row alone,
 * in file order, with a strict INSERT whose refusal is the database's reason. Correctness never rests on the
 * prediction: a row predicted wrongly is simply stored.
 *
 * <p>Nothing here commits: the staging table is temporary and every statement runs in the chunk's transaction, so a
 * run killed in the middle resumes from the last committed chunk.
 *
 * <p>One instance per partition's writer, beside its {@link BulkSink}: not thread-safe.
 */
final class StagedChunkWriter {

	private final RefusalStage stage;

	private final BulkLoader loader;

	private final RecordBinder binder;

	private final ChunkBisection bisection;

	/** The {@link #stage}'s columns of a row (0-based), read on first use. */
	private int[] stagedColumns;

	/** A chunk's rows, bound once for the staging stream and the stream of the rows not predicted refused. */
	private final BulkRows whole;

	/** The staging stream: each row's {@code seq} and staged columns. */
	private final BulkRows keys;

	/** Rows of the last {@link #write} the database refused. */
	private int refused;

	/** @param bisection the partition's, shared with its {@link BulkSink} */
	StagedChunkWriter(RefusalStage stage, BulkLoader loader, RecordBinder binder, ChunkBisection bisection) {
		this.stage = stage;
		this.loader = loader;
		this.whole = loader.newRows();
		this.keys = loader.newRows();
		this.binder = binder;
		this.bisection = bisection;
	}

	/** Rows the database refused in the last {@link #write} that returned a count (each deferred to the rejects). */
	int refused() {
		return this.refused;
	}

	/**
	 * Writes {@code records} the staged way. Returns the rows written, or -1 when the stage could not name the
	 * refused rows (the staging table did not take the rows cleanly, or the stage declined): then nothing was
	 * written and no reject deferred, and the caller writes the records the way it did before.
	 * @param afterRefusedChunk the records came here at once because the last chunk had refused rows
	 * @param part how a part of a refused stream is written, for the bisection
	 */
	long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects, boolean afterRefusedChunk,
			ChunkBisection.Part<RawRecord> part) throws SQLException {
		this.refused = 0;
		if (this.stage.declines(connection)) {
			return -1; // nothing to bind the chunk for
		}
		if (this.stagedColumns == null) {
			this.stagedColumns = this.stage.columns(connection);
		}
		// bound once: binding the rows again for the second stream cost as much client time as the stream (1.6x in all)
		BulkRows whole = this.whole;
		whole.clear();
		List<RawRecord> rows = new ArrayList<>(records.size());
		List<RawRecord> refused = new ArrayList<>();
		List<Rejection> reasons = new ArrayList<>();
		int[] ends = new int[records.size() + 1];
		for (RawRecord record : records) {
			whole.beginRow();
			Rejection bad = this.binder.bind(whole, 0, record);
			if (bad != null) {
				whole.discardRow();
				refused.add(record);
				reasons.add(bad);
				continue;
			}
			whole.endRow();
			rows.add(record);
			ends[rows.size()] = whole.size();
		}
		BulkRows keys = this.keys;
		keys.clear();
		for (int seq = 0; seq < rows.size(); seq++) {
			keys.beginRow();
			keys.setLong(1, seq);
			whole.appendFields(ends[seq], ends[seq + 1], this.stagedColumns, keys);
			keys.endRow();
		}
		if (this.stage.stage(connection, new RowRanges(keys, new int[] { 0, keys.size() })) != rows.size()) {
			return -1;
		}
		for (int i = 0; i < refused.size(); i++) {
			rejects.defer(refused.get(i), reasons.get(i));
		}
		int[] predicted = rows.isEmpty() ? new int[0] : this.stage.predict(connection);
		List<RawRecord> others = new ArrayList<>(rows.size());
		List<RawRecord> alone = new ArrayList<>(predicted.length);
		int[] ranges = new int[2 * (predicted.length + 1)]; // byte ranges of the others in whole
		int r = 0;
		int start = 0;
		for (int seq = 0, p = 0; seq < rows.size(); seq++) {
			if (p < predicted.length && predicted[p] == seq) {
				alone.add(rows.get(seq));
				p++;
				if (ends[seq] > start) {
					ranges[r++] = start;
					ranges[r++] = ends[seq];
				}
				start = ends[seq + 1];
			}
			else {
				others.add(rows.get(seq));
			}
		}
		if (ends[rows.size()] > start) {
			ranges[r++] = start;
			ranges[r++] = ends[rows.size()];
		}
		long written = 0;
		if (!others.isEmpty()) {
			InputStream stream = new RowRanges(whole, java.util.Arrays.copyOf(ranges, r));
			written = SavepointSplit.write(connection, false, others, () -> {
				long sent = this.loader.load(connection, stream);
				return sent == others.size() ? null : new SQLException("the bulk load took " + sent + " of " + others.size() + " rows");
			}, refusedRows -> { // refused for a reason no constraint predicted (a trigger): halved as before
				long taken = this.bisection.bisect(connection, refusedRows, part);
				this.refused += (int) (refusedRows.size() - taken);
				return taken;
			});
			this.bisection.middle(afterRefusedChunk);
		}
		for (RawRecord row : alone) { // in file order: a later repeat of a key whose first row is refused is stored
			long one = this.bisection.write(connection, List.of(row), part);
			written += one;
			this.refused += (int) (1 - one);
		}
		return written;
	}

	/** Byte ranges of bound rows as a stream: {@code ranges} holds start and end of each, in order. Not thread-safe. */
	private static final class RowRanges extends InputStream {

		private final BulkRows rows;

		private final int[] ranges;

		private int range;

		private int position;

		private final byte[] single = new byte[1];

		RowRanges(BulkRows rows, int[] ranges) {
			this.rows = rows;
			this.ranges = ranges;
			this.position = ranges.length == 0 ? 0 : ranges[0];
		}

		@Override
		public int read(byte[] to, int offset, int length) {
			if (length == 0) {
				return 0;
			}
			while (this.range < this.ranges.length && this.position >= this.ranges[this.range + 1]) {
				this.range += 2;
				if (this.range < this.ranges.length) {
					this.position = this.ranges[this.range];
				}
			}
			if (this.range >= this.ranges.length) {
				return -1;
			}
			int n = this.rows.copy(this.position, to, offset, Math.min(length, this.ranges[this.range + 1] - this.position));
			this.position += n;
			return n;
		}

		@Override
		public int read() {
			return read(this.single, 0, 1) < 0 ? -1 : this.single[0] & 0xff;
		}

	}

}
