package io.rowlift.job;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * A partitioner without the partitions a split is told to leave out ({@link PartitionSplitter}): Spring
 * Batch's splitter creates a step execution for each partition its partitioner names (on a restart, for
 * each that did not complete), so leaving one out of the partitioner's answer is the one way to keep it
 * from starting that partition. Set for the length of one split; the load step is made once per job
 * execution, and splits once. Thread-safe (the names are replaced whole).
 */
final class PartitionsLeftOut implements Partitioner {

	private final Partitioner delegate;

	private volatile Set<String> leftOut = Set.of();

	PartitionsLeftOut(Partitioner delegate) {
		this.delegate = delegate;
	}

	/** Leaves out {@code names} from now on (empty: none). */
	void leaveOut(Set<String> names) {
		this.leftOut = Set.copyOf(names);
	}

	@Override
	public Map<String, ExecutionContext> partition(int gridSize) {
		Set<String> names = this.leftOut;
		Map<String, ExecutionContext> all = this.delegate.partition(gridSize);
		if (names.isEmpty()) {
			return all;
		}
		Map<String, ExecutionContext> kept = new LinkedHashMap<>(all);
		kept.keySet().removeAll(names);
		return kept;
	}

}
