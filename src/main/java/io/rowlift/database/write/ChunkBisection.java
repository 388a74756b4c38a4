package io.rowlift.database.write;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.List;

import io.rowlift.model.Checkpoints;

/**
 * Finds the rows the database refused in a part of a chunk, by halving: the part is written again in
 * halves, each under a savepoint of the chunk's transaction; a half the database takes stays (its
 * savepoint is released), a half it refuses is rolled back to its savepoint and halved again, and a row
 * refused alone is handed to {@link Part#refused} with the database's reason. Each refused row costs
 * about {@code 2 log2(part)} statements, and only the rows near it are written more than once; the
 * rest of the chunk is written in large statements as before (row by row, a chunk of 50,000 with five
 * refused rows took 8.4 times a clean one into MariaDB).
 *
 * <p>Which half holds the refusal: when the first half of a refused part is taken, the second half is
 * refused too (the same rows on the same data), so it is halved without being tried whole. Should it
 * be taken after all (a refusal that depended on rows of the first half), its rows are still written
 * one by one at the bottom: the rows stored are right either way, only more statements run.
 *
 * <p>How large the first parts are: a sink writes a chunk in {@link #groupRows groups} of rows, each
 * under its own savepoint. While the chunks are clean a group is as large as the sink likes (the whole
 * chunk, or what it flushes at a time); once a chunk had refused rows, the next chunk's groups are
 * sized from that chunk's share of refused rows ({@link #chunkDone}): about half the rows between two
 * refused ones, so that a group is usually taken whole and a refused one is found in few statements
 * (with 1 % of the rows refused, groups of 32 rows: the rows written twice are about 40 % of the
 * chunk, where halving whole chunks writes every row about eight times).
 *
 * <p>What is not a refused row: a failure of the connection or transaction (a lost connection, a
 * deadlock, a lock wait timeout) is thrown by the {@link Part} and ends the bisection at once; it fails
 * the chunk, which rolls back as it did before (the step's transaction), and the run is resumable.
 * Nothing here is committed: the chunk's transaction commits the rows taken, the rejects staged and
 * the reader's position together, so a run killed in the middle of a bisection resumes from the last
 * committed chunk, without a row doubled or lost.
 *
 * <p>Savepoints: each part is written under a savepoint of its own, unless the {@link Part} says that
 * writing it is {@link Part#atomic atomic} (one statement that the database takes or refuses whole, as a
 * strict multi-row INSERT into InnoDB is): then a refused part has written nothing and needs no
 * rollback, and a part costs one round trip instead of three (savepoint, statement, release), which is
 * what halving costs where a round trip is dear (MariaDB: 1 % refused rows with LOAD DATA groups and
 * parts of four round trips each took 7.8 times a clean load).
 *
 * <p>Holds no vendor knowledge: savepoints through JDBC, rows and refusals through the {@link Part}.
 * One instance per partition's writer (it remembers the partition's share of refused rows): not
 * thread-safe. Checkpoint {@value #CHECKPOINT} is announced after the first part of a bisection was
 * taken, and {@value #GROUPS_CHECKPOINT} after it when the chunk is written in groups (a test pauses
 * there and kills the run).
 */
public final class ChunkBisection {

	/** Announced in the middle of a bisection: a part was taken, the chunk is not committed. */
	public static final String CHECKPOINT = "bisection";

	/**
	 * Announced after {@link #CHECKPOINT}, in the middle of a bisection of a chunk written in groups (the
	 * last chunk had refused rows: on MySQL, the groups and parts without savepoints).
	 */
	public static final String GROUPS_CHECKPOINT = "bisection-groups";

	/** A part of a chunk as a sink writes it: the rows, and what becomes of a refused one. */
	public interface Part<T> {

		/**
		 * Writes {@code rows} in the connection's current transaction, under a savepoint the caller
		 * took (the caller rolls back to it when the rows are refused).
		 * @return null when the database took every row; otherwise why it did not (its error, or a
		 *     description), a refusal of one or more of the rows
		 * @throws SQLException a failure that is not a refused row (the connection, the transaction):
		 *     the chunk fails
		 */
		Exception write(List<T> rows) throws SQLException;

		/**
		 * Writes one row alone, so that a refusal carries the database's reason for this row. By default
		 * {@link #write} of the one row; a bulk path whose refusal says nothing about the row (a warning
		 * count) writes it with a statement that fails with the reason.
		 */
		default Exception writeAlone(T row) throws SQLException {
			return write(List.of(row));
		}

		/**
		 * Whether {@link #write} of {@code rows} (and {@link #writeAlone} of one row) is one statement that
		 * the database takes or refuses whole, a refused one leaving nothing written, so that the bisection
		 * takes no savepoint for it: one round trip instead of three where a savepoint and its release are
		 * round trips of their own (a strict multi-row INSERT into InnoDB). By default false.
		 */
		default boolean atomic(List<T> rows) {
			return false;
		}

		/** The row was refused alone, for {@code reason}: reject it (the bisection holds no savepoint now). */
		void refused(T row, Exception reason) throws SQLException;

	}

	/** The rows a sink gives a group while its chunks are clean: no limit. */
	public static final int UNLIMITED = Integer.MAX_VALUE;

	private final Checkpoints checkpoints;

	/** Refused rows per row in the last chunk, 0 when it was clean. */
	private double refusedShare;

	/** Statements (parts written) since the instance was made, for the tests and the log. */
	private long statements;

	/** Refused rows found since {@link #chunkDone}. */
	private long refusedInChunk;

	public ChunkBisection() {
		this(Checkpoints.NONE);
	}

	public ChunkBisection(Checkpoints checkpoints) {
		this.checkpoints = checkpoints == null ? Checkpoints.NONE : checkpoints;
	}

	/**
	 * The rows per group for the next chunk: {@code preferred} while the last chunk was clean, else
	 * the largest power of two at most half the rows between two refused rows of the last chunk (at
	 * least 1), if that is smaller.
	 */
	public int groupRows(int preferred) {
		if (this.refusedShare <= 0) {
			return preferred;
		}
		double gap = 1 / this.refusedShare;
		int rows = Integer.highestOneBit((int) Math.max(1, Math.min(1 << 30, gap / 2)));
		return Math.min(preferred, rows);
	}

	/**
	 * Whether the next chunk of {@code rows} rows should be written in groups of {@link #groupRows} at
	 * once rather than whole first: when the last chunk's share of refused rows makes a refusal in it
	 * likely (two or more expected), so that the whole attempt would only be rolled back.
	 */
	public boolean expectsRefusals(int rows) {
		return this.refusedShare * rows >= 2;
	}

	/** Ends a chunk of {@code rows} rows: its share of refused rows sizes the next chunk's groups. */
	public void chunkDone(int rows) {
		this.refusedShare = rows <= 0 ? 0 : (double) this.refusedInChunk / rows;
		this.refusedInChunk = 0;
	}

	/** Forgets the current chunk's refusals (it failed and rolls back): the share stays the last chunk's. */
	public void chunkFailed() {
		this.refusedInChunk = 0;
	}

	/** Statements (parts and single rows written) since this instance was made. */
	public long statements() {
		return this.statements;
	}

	/**
	 * Announces the middle of a chunk whose refused rows a sink finds another way ({@link RefusalStage}): rows
	 * taken, the chunk not committed. {@value #CHECKPOINT}, then {@value #GROUPS_CHECKPOINT} when the chunk went
	 * that way at once because the last chunk had refused rows.
	 */
	public void middle(boolean afterRefusedChunk) {
		this.checkpoints.reached(CHECKPOINT);
		if (afterRefusedChunk) {
			this.checkpoints.reached(GROUPS_CHECKPOINT);
		}
	}

	/**
	 * Writes {@code rows} under a savepoint (a group, see {@link #groupRows}) and, if the database refuses
	 * them, finds the refused rows by halving. Returns the rows written (those not refused).
	 */
	public <T> long write(Connection connection, List<T> rows, Part<T> part) throws SQLException {
		return new Run<>(connection, rows, part).unknown(0, rows.size());
	}

	/**
	 * Finds the refused rows of {@code rows}, which the database refused as a whole (the caller rolled
	 * them back): writes them again by halving. Returns the rows written (those not refused).
	 */
	public <T> long bisect(Connection connection, List<T> rows, Part<T> part) throws SQLException {
		Run<T> run = new Run<>(connection, rows, part);
		run.refused(0, rows.size());
		return run.written;
	}

	/** One bisection: the rows, the part, and the rows written so far. */
	private final class Run<T> {

		private final Connection connection;

		private final List<T> rows;

		private final Part<T> part;

		long written;

		/** Whether a refusal was met: parts taken after it are the middle of a bisection. */
		private boolean bisecting;

		private boolean announced;

		Run(Connection connection, List<T> rows, Part<T> part) {
			this.connection = connection;
			this.rows = rows;
			this.part = part;
		}

		/** Writes rows {@code [from, to)}, not known to be refused; returns the rows written. */
		long unknown(int from, int to) throws SQLException {
			long before = this.written;
			if (to - from == 1) {
				alone(from);
			}
			else if (to > from) {
				if (attempt(from, to)) {
					this.written += to - from;
				}
				else {
					refused(from, to);
				}
			}
			return this.written - before;
		}

		/** Writes rows {@code [from, to)}, which the database refused as a whole. */
		void refused(int from, int to) throws SQLException {
			this.bisecting = true;
			if (to - from == 1) {
				alone(from);
				return;
			}
			int mid = (from + to) >>> 1;
			if (unknown(from, mid) == mid - from) { // the first half was taken: the refusal is in the second
				refused(mid, to);
			}
			else {
				unknown(mid, to);
			}
		}

		/**
		 * Writes rows {@code [from, to)} under a savepoint (none for an {@link Part#atomic atomic} part);
		 * false (rolled back) when refused.
		 */
		private boolean attempt(int from, int to) throws SQLException {
			ChunkBisection.this.statements++;
			List<T> part = this.rows.subList(from, to);
			Savepoint savepoint = SavepointSplit.begin(this.connection, this.part.atomic(part));
			Exception refusal = this.part.write(part);
			if (!SavepointSplit.end(this.connection, savepoint, refusal)) {
				return false;
			}
			announce();
			return true;
		}

		/** Writes one row (under a savepoint unless atomic); rejects it when it is refused. */
		private void alone(int index) throws SQLException {
			ChunkBisection.this.statements++;
			T row = this.rows.get(index);
			Savepoint savepoint = SavepointSplit.begin(this.connection, this.part.atomic(this.rows.subList(index, index + 1)));
			Exception refusal = this.part.writeAlone(row);
			if (!SavepointSplit.end(this.connection, savepoint, refusal)) {
				ChunkBisection.this.refusedInChunk++;
				this.part.refused(row, refusal);
				return;
			}
			this.written++;
			announce();
		}

		private void announce() {
			if (this.bisecting && !this.announced) {
				this.announced = true;
				ChunkBisection.this.checkpoints.reached(CHECKPOINT);
				if (ChunkBisection.this.refusedShare > 0) {
					ChunkBisection.this.checkpoints.reached(GROUPS_CHECKPOINT);
				}
			}
		}

	}

}
