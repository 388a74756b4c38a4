package io.rowlift.database.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link SavepointSplit} against a connection that records what it is asked: a taken attempt keeps its savepoint's
 * rows (released, not rolled back), a refused one is rolled back before the split sees its rows, an atomic one
 * takes no savepoint, and a failure that is not a refusal passes through without a split.
 */
class SavepointSplitTests {

	private final List<String> calls = new ArrayList<>();

	private final Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
			new Class<?>[] { Connection.class }, (proxy, method, args) -> switch (method.getName()) {
				case "setSavepoint" -> {
					this.calls.add("savepoint");
					yield (Savepoint) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Savepoint.class },
							(p, m, a) -> null);
				}
				case "rollback" -> {
					this.calls.add("rollback");
					yield null;
				}
				case "releaseSavepoint" -> {
					this.calls.add("release");
					yield null;
				}
				default -> throw new UnsupportedOperationException(method.getName());
			});

	@Test
	void aTakenAttemptIsReleasedAndCountsItsRowsAsTheyAreAfterIt() throws SQLException {
		List<String> rows = new ArrayList<>();
		long written = SavepointSplit.write(this.connection, false, rows, () -> {
			this.calls.add("attempt");
			rows.addAll(List.of("a", "b", "c")); // a stream collects its rows while it is read
			return null;
		}, refused -> {
			throw new AssertionError("split of a taken attempt");
		});
		assertThat(written).isEqualTo(3);
		assertThat(this.calls).containsExactly("savepoint", "attempt", "release");
	}

	@Test
	void aRefusedAttemptIsRolledBackBeforeTheSplitWritesItsRows() throws SQLException {
		List<String> rows = List.of("a", "b", "c", "d");
		long written = SavepointSplit.write(this.connection, false, rows, () -> {
			this.calls.add("attempt");
			return new SQLException("refused");
		}, refused -> {
			this.calls.add("split " + refused);
			return 3;
		});
		assertThat(written).as("what the split wrote, not the rows tried").isEqualTo(3);
		assertThat(this.calls).containsExactly("savepoint", "attempt", "rollback", "release", "split [a, b, c, d]");
	}

	@Test
	void anAtomicAttemptTakesNoSavepoint() throws SQLException {
		List<String> rows = List.of("a", "b");
		assertThat(SavepointSplit.write(this.connection, true, rows, () -> null, refused -> 0)).isEqualTo(2);
		assertThat(SavepointSplit.write(this.connection, true, rows, () -> new SQLException("refused"), refused -> {
			this.calls.add("split " + refused);
			return 1;
		})).isEqualTo(1);
		assertThat(this.calls).containsExactly("split [a, b]");
	}

	@Test
	void aFailureThatIsNoRefusalPassesThroughWithoutASplit() {
		SQLException lost = new SQLTransientConnectionException("connection lost");
		assertThatThrownBy(() -> SavepointSplit.write(this.connection, false, List.of("a"), () -> {
			throw lost;
		}, refused -> {
			throw new AssertionError("split after a failed connection");
		})).isSameAs(lost);
		assertThat(this.calls).as("the chunk's rollback ends the savepoint").containsExactly("savepoint");
	}

}
