package io.rowlift.progress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Keeps a partition's in-memory context equal to what its chunk transactions committed.
 *
 * <p>Why: the chunk step calls the streams' {@code update} (new byte offset, rows written) inside
 * the chunk's transaction, just before the commit. When the commit itself fails (a full disk, an
 * I/O error, a lost connection) the rows are rolled back, but the in-memory context already holds
 * the new values, and Spring Batch then saves that context with the failed step execution: a
 * resume would start after rows that were never written. So the values a stream changes are put
 * back when the transaction ends in anything but a commit; the repository then keeps the last
 * committed context, which is the one that matches the rows.
 *
 * <p>Cost: a copy of the few context entries once per chunk and stream, never per record. A commit
 * that fails although the server committed (a connection lost during {@code COMMIT} itself) is
 * taken as a rollback: the partition re-reads that one chunk, and rows without a unique key may
 * then be there twice. Called on the partition's own thread.
 */
public final class CommittedContext {

	private static final Object ABSENT = new Object();

	private CommittedContext() {
	}

	/**
	 * Runs {@code update} on the context (a stream's {@code update}: both pipelines' readers and writers
	 * save through here) and, inside a transaction, arranges for the entries it changed to get their
	 * previous values back if that transaction does not commit.
	 */
	public static void update(Consumer<ExecutionContext> update, ExecutionContext context) {
		if (!TransactionSynchronizationManager.isSynchronizationActive()) {
			update.accept(context);
			return;
		}
		Map<String, Object> before = new HashMap<>(context.toMap()); // toMap is a view
		update.accept(context);
		List<Map.Entry<String, Object>> changed = new ArrayList<>();
		for (Map.Entry<String, Object> entry : context.entrySet()) {
			Object old = before.containsKey(entry.getKey()) ? before.get(entry.getKey()) : ABSENT;
			if (!Objects.equals(old, entry.getValue())) {
				changed.add(Map.entry(entry.getKey(), old));
			}
		}
		if (!changed.isEmpty()) {
			TransactionSynchronizationManager.registerSynchronization(new Restore(context, changed));
		}
	}

	private record Restore(ExecutionContext context, List<Map.Entry<String, Object>> previous)
			implements TransactionSynchronization {

		@Override
		public void afterCompletion(int status) {
			if (status == STATUS_COMMITTED) {
				return;
			}
			for (Map.Entry<String, Object> entry : this.previous) {
				if (entry.getValue() == ABSENT) {
					this.context.remove(entry.getKey());
				}
				else {
					this.context.put(entry.getKey(), entry.getValue());
				}
			}
		}

	}

}
