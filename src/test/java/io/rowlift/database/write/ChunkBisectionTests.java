package io.rowlift.database.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ChunkBisection} against a table in memory whose savepoints behave as a database's: a part
 * appends its rows one by one and stops at the first refused one (what it appended stays until the
 * bisection rolls back to its savepoint), so a wrong rollback or a missing one shows in the rows.
 */
class ChunkBisectionTests {

	/** A table in memory with savepoints, and the refused rows. */
	static final class Table {

		final List<Integer> rows = new ArrayList<>();

		final List<Integer> rejected = new ArrayList<>();

		final Set<Integer> refused;

		final List<Integer> savepoints = new ArrayList<>();

		int statements;

		int checkpoints;

		/** Savepoints the bisection took. */
		int savepointsTaken;

		/** Parts of at most this many rows are atomic (all or nothing, no savepoint); 0: none is. */
		int atomicUpTo;

		Table(Set<Integer> refused) {
			this.refused = refused;
		}

		Connection connection() {
			return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
					(proxy, method, args) -> switch (method.getName()) {
						case "setSavepoint" -> {
							this.savepointsTaken++;
							int mark = this.rows.size();
							this.savepoints.add(mark);
							yield (Savepoint) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Savepoint.class },
									(p, m, a) -> m.getName().equals("getSavepointId") ? mark : m.getName().equals("hashCode")
											? System.identityHashCode(p) : m.getName().equals("equals") ? p == a[0] : null);
						}
						case "rollback" -> {
							int mark = ((Savepoint) args[0]).getSavepointId();
							assertThat(this.savepoints).contains(mark);
							this.rows.subList(mark, this.rows.size()).clear();
							yield null;
						}
						case "releaseSavepoint" -> {
							this.savepoints.remove(Integer.valueOf(((Savepoint) args[0]).getSavepointId()));
							yield null;
						}
						default -> throw new UnsupportedOperationException(method.getName());
					});
		}

		ChunkBisection.Part<Integer> part() {
			return new ChunkBisection.Part<>() {

				@Override
				public boolean atomic(List<Integer> rows) {
					return rows.size() <= Table.this.atomicUpTo;
				}

				@Override
				public Exception write(List<Integer> rows) {
					Table.this.statements++;
					if (atomic(rows)) { // one statement: the database takes all of it or, refused, none
						for (int row : rows) {
							if (Table.this.refused.contains(row)) {
								return new SQLException("row " + row + " refused", "23000");
							}
						}
						Table.this.rows.addAll(rows);
						return null;
					}
					for (int row : rows) {
						if (Table.this.refused.contains(row)) {
							return new SQLException("row " + row + " refused", "23000");
						}
						Table.this.rows.add(row);
					}
					return null;
				}

				@Override
				public void refused(Integer row, Exception reason) {
					assertThat(Table.this.savepoints).as("a reject is staged outside every savepoint").isEmpty();
					assertThat(reason).hasMessage("row " + row + " refused");
					Table.this.rejected.add(row);
				}

			};
		}

	}

	static List<Integer> rows(int n) {
		return IntStream.range(0, n).boxed().toList();
	}

	/** What a bisection must leave: every row but the refused ones, in order; the refused ones rejected, in order. */
	static void assertExact(Table table, int n, long written) {
		List<Integer> expected = rows(n).stream().filter(r -> !table.refused.contains(r)).toList();
		assertThat(table.rows).isEqualTo(expected);
		assertThat(table.rejected).isEqualTo(new ArrayList<>(new TreeSet<>(table.refused)));
		assertThat(written).isEqualTo(expected.size());
		assertThat(table.savepoints).as("every savepoint released").isEmpty();
	}

	/** Statements a bisection of {@code n} rows with {@code k} refused may take: 2 per level per refused row, and the whole. */
	static int bound(int n, int k) {
		int levels = 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1)); // ceil(log2 n)
		return 1 + 2 * k * Math.max(1, levels);
	}

	static Stream<Arguments> placements() {
		int n = 10_000;
		return Stream.of(Arguments.of("one at the start", Set.of(0)), Arguments.of("one in the middle", Set.of(n / 2 + 17)),
				Arguments.of("one at the end", Set.of(n - 1)), Arguments.of("two at the start", Set.of(0, 1)),
				Arguments.of("two in the middle", Set.of(4_000, 6_001)), Arguments.of("two at the end", Set.of(n - 2, n - 1)),
				Arguments.of("many at the start", set(IntStream.range(0, 40))),
				Arguments.of("many in the middle", set(IntStream.range(0, 40).map(i -> 3_000 + 97 * i))),
				Arguments.of("many at the end", set(IntStream.range(n - 40, n))),
				Arguments.of("one per hundred, evenly", set(IntStream.range(0, 100).map(i -> 50 + 100 * i))),
				Arguments.of("all of them", set(IntStream.range(0, 64))));
	}

	static Set<Integer> set(IntStream rows) {
		return new TreeSet<>(rows.boxed().toList());
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("placements")
	void findsExactlyTheRefusedRowsWithinTheBoundOfStatements(String name, Set<Integer> refused) throws SQLException {
		int n = name.equals("all of them") ? 64 : 10_000;
		Table table = new Table(refused);
		ChunkBisection bisection = new ChunkBisection();

		long written = bisection.write(table.connection(), rows(n), table.part());

		assertExact(table, n, written);
		assertThat(table.statements).isEqualTo(bisection.statements()).isLessThanOrEqualTo(bound(n, refused.size()));
	}

	@Test
	void aSingleRefusedRowIsFoundInAboutTwoStatementsPerHalving() throws SQLException {
		Table table = new Table(Set.of(6_789));
		long written = new ChunkBisection().write(table.connection(), rows(10_000), table.part());
		assertExact(table, 10_000, written);
		// the whole, then per level the first half and, when that was taken, nothing more: 14 levels
		assertThat(table.statements).isBetween(14, 1 + 2 * 14);
	}

	@Test
	void aCleanPartIsOneStatementAndAnnouncesNoBisection() throws SQLException {
		Table table = new Table(Set.of());
		int[] announced = new int[1];
		ChunkBisection bisection = new ChunkBisection(point -> announced[0]++);
		assertThat(bisection.write(table.connection(), rows(1_000), table.part())).isEqualTo(1_000);
		assertThat(table.statements).isEqualTo(1);
		assertThat(announced[0]).isZero();
	}

	@Test
	void theCheckpointIsAnnouncedOnceWhenAPartWasTakenInTheMiddleOfABisection() throws SQLException {
		Table table = new Table(Set.of(10, 500));
		List<String> points = new ArrayList<>();
		List<Integer> rowsAtPoint = new ArrayList<>();
		ChunkBisection bisection = new ChunkBisection(point -> {
			points.add(point);
			rowsAtPoint.add(table.rows.size());
		});
		bisection.write(table.connection(), rows(1_000), table.part());
		assertThat(points).containsExactly(ChunkBisection.CHECKPOINT);
		assertThat(rowsAtPoint.get(0)).isPositive().isLessThan(998);
	}

	@Test
	void aBisectionOfAChunkWrittenInGroupsAnnouncesTheGroupsCheckpointToo() throws SQLException {
		List<String> points = new ArrayList<>();
		ChunkBisection bisection = new ChunkBisection(points::add);
		Table first = new Table(set(IntStream.range(0, 10).map(i -> 50 + 100 * i)));
		bisection.write(first.connection(), rows(1_000), first.part());
		bisection.chunkDone(1_000);
		assertThat(points).containsExactly(ChunkBisection.CHECKPOINT);

		points.clear();
		Table next = new Table(Set.of(70));
		next.atomicUpTo = Integer.MAX_VALUE;
		assertThat(bisection.groupRows(ChunkBisection.UNLIMITED)).isEqualTo(32);
		bisection.bisect(next.connection(), rows(100).subList(64, 96), next.part());
		assertThat(points).containsExactly(ChunkBisection.CHECKPOINT, ChunkBisection.GROUPS_CHECKPOINT);
	}

	@Test
	void aFailureThatIsNotARefusedRowEndsTheBisectionAtOnce() {
		Table table = new Table(Set.of(3));
		ChunkBisection.Part<Integer> refusing = table.part();
		ChunkBisection.Part<Integer> part = new ChunkBisection.Part<>() {

			@Override
			public Exception write(List<Integer> rows) throws SQLException {
				if (table.statements == 2) {
					throw new SQLTransactionRollbackException("Deadlock found when trying to get lock", "40001", 1213);
				}
				return refusing.write(rows);
			}

			@Override
			public void refused(Integer row, Exception reason) throws SQLException {
				refusing.refused(row, reason);
			}

		};
		assertThatThrownBy(() -> new ChunkBisection().write(table.connection(), rows(100), part))
			.isInstanceOf(SQLTransactionRollbackException.class);
		assertThat(table.rejected).isEmpty();
	}

	@Test
	void aRowRefusedInItsPartButTakenAloneIsWritten() throws SQLException {
		// a bulk path that refuses what a single INSERT takes (a warning the strict statement does not raise)
		Table table = new Table(Set.of(7));
		ChunkBisection.Part<Integer> refusing = table.part();
		ChunkBisection.Part<Integer> part = new ChunkBisection.Part<>() {

			@Override
			public Exception write(List<Integer> rows) throws SQLException {
				return refusing.write(rows);
			}

			@Override
			public Exception writeAlone(Integer row) {
				table.rows.add(row);
				return null;
			}

			@Override
			public void refused(Integer row, Exception reason) {
				throw new AssertionError("not refused alone");
			}

		};
		long written = new ChunkBisection().write(table.connection(), rows(20), part);
		assertThat(written).isEqualTo(20);
		assertThat(table.rows).isEqualTo(rows(20));
	}

	@Test
	void groupsFollowTheLastChunksShareOfRefusedRows() throws SQLException {
		ChunkBisection bisection = new ChunkBisection();
		assertThat(bisection.groupRows(1_000)).isEqualTo(1_000);
		assertThat(bisection.expectsRefusals(10_000)).isFalse();

		Table table = new Table(set(IntStream.range(0, 100).map(i -> 50 + 100 * i)));
		bisection.write(table.connection(), rows(10_000), table.part());
		bisection.chunkDone(10_000);
		assertThat(bisection.groupRows(ChunkBisection.UNLIMITED)).isEqualTo(32); // 1 %: half the gap of 100, a power of two
		assertThat(bisection.groupRows(16)).isEqualTo(16);
		assertThat(bisection.expectsRefusals(10_000)).isTrue();

		Table rare = new Table(Set.of(5_000));
		bisection.write(rare.connection(), rows(10_000), rare.part());
		bisection.chunkDone(10_000);
		assertThat(bisection.groupRows(ChunkBisection.UNLIMITED)).isEqualTo(4_096);

		bisection.chunkDone(10_000); // a clean chunk
		assertThat(bisection.groupRows(ChunkBisection.UNLIMITED)).isEqualTo(ChunkBisection.UNLIMITED);
	}

	@Test
	void aFailedChunkKeepsTheShareOfTheLastChunkThatEnded() throws SQLException {
		ChunkBisection bisection = new ChunkBisection();
		Table table = new Table(Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
		bisection.write(table.connection(), rows(1_000), table.part());
		bisection.chunkFailed();
		bisection.chunkDone(1_000);
		assertThat(bisection.groupRows(ChunkBisection.UNLIMITED)).isEqualTo(ChunkBisection.UNLIMITED);
	}

	@Test
	void bisectStartsFromAPartKnownToBeRefused() throws SQLException {
		Table table = new Table(Set.of(99));
		long written = new ChunkBisection().bisect(table.connection(), rows(100), table.part());
		assertExact(table, 100, written);
		assertThat(table.statements).isLessThanOrEqualTo(2 * 7);
	}

	/**
	 * Atomic parts (a strict multi-row INSERT into InnoDB) are written without a savepoint: with every
	 * part atomic, none is taken, and the rows and rejects are as exact as with savepoints.
	 */
	@ParameterizedTest(name = "{0}")
	@MethodSource("placements")
	void atomicPartsTakeNoSavepointAndFindExactlyTheRefusedRows(String name, Set<Integer> refused) throws SQLException {
		int n = name.equals("all of them") ? 64 : 10_000;
		Table table = new Table(refused);
		table.atomicUpTo = Integer.MAX_VALUE;
		ChunkBisection bisection = new ChunkBisection();

		long written = bisection.write(table.connection(), rows(n), table.part());

		assertExact(table, n, written);
		assertThat(table.savepointsTaken).isZero();
		assertThat(table.statements).isEqualTo(bisection.statements()).isLessThanOrEqualTo(bound(n, refused.size()));
	}

	/**
	 * Large parts under savepoints (streams), small ones atomic (INSERTs), as MySQL's bulk path bisects: a
	 * savepoint only for the parts above the atomic size, and the rows exact.
	 */
	@Test
	void onlyPartsAboveTheAtomicSizeTakeASavepoint() throws SQLException {
		Table table = new Table(set(IntStream.range(0, 100).map(i -> 50 + 100 * i)));
		table.atomicUpTo = 1_024;
		long written = new ChunkBisection().write(table.connection(), rows(10_000), table.part());
		assertExact(table, 10_000, written);
		// the whole chunk, and the parts of 5,000, 2,500 and 1,250 rows: at most 2 + 4 + 8 of them
		assertThat(table.savepointsTaken).isPositive().isLessThanOrEqualTo(1 + 2 + 4 + 8);
	}

	/** Random chunks and random refused rows: exactly those rejected, the rest written in order, statements bounded. */
	@Property(tries = 300)
	void exactlyTheRefusedRowsAreRejected(@ForAll("chunks") Chunk chunk) throws SQLException {
		Table table = new Table(chunk.refused());
		ChunkBisection bisection = new ChunkBisection();
		long written = bisection.write(table.connection(), rows(chunk.rows()), table.part());
		assertExact(table, chunk.rows(), written);
		assertThat(table.statements).isLessThanOrEqualTo(bound(chunk.rows(), chunk.refused().size()));
	}

	/** The same with parts atomic up to a random size: exact, and a savepoint only for a larger part. */
	@Property(tries = 200)
	void exactlyTheRefusedRowsAreRejectedWithAtomicParts(@ForAll("chunks") Chunk chunk,
			@ForAll @net.jqwik.api.constraints.IntRange(min = 1, max = 4_000) int atomicUpTo) throws SQLException {
		Table table = new Table(chunk.refused());
		table.atomicUpTo = atomicUpTo;
		long written = new ChunkBisection().write(table.connection(), rows(chunk.rows()), table.part());
		assertExact(table, chunk.rows(), written);
		if (atomicUpTo >= chunk.rows()) {
			assertThat(table.savepointsTaken).isZero();
		}
	}

	record Chunk(int rows, Set<Integer> refused) {
	}

	@Provide
	Arbitrary<Chunk> chunks() {
		return Arbitraries.integers().between(1, 3_000).flatMap(n -> Combinators
			.combine(Arbitraries.just(n), Arbitraries.integers().between(0, n - 1).set().ofMaxSize(Math.min(n, 40)))
			.as(Chunk::new));
	}

}
