package io.rowlift.job;

import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.sort.SortedStreams;

/**
 * The partitions of a load in key order {@code SORT}: the input's units (byte ranges, so that the accounting
 * proves the file covered once and the progress counts each stream's share), each told which key range
 * of the sorted file it loads ({@link SortedStreams#assign}): partition {@code i} of {@code n} loads range
 * {@code i}. As many streams as the input gives units (a file too small for that many has fewer).
 * Stateless; thread-safe if the delegate is.
 */
final class SortedStreamsPartitioner implements Partitioner {

	private final Partitioner units;

	SortedStreamsPartitioner(Partitioner units) {
		this.units = units;
	}

	@Override
	public Map<String, ExecutionContext> partition(int gridSize) {
		Map<String, ExecutionContext> partitions = this.units.partition(gridSize);
		int streams = partitions.size();
		for (Map.Entry<String, ExecutionContext> partition : partitions.entrySet()) {
			SortedStreams.assign(partition.getValue(), index(partition.getKey()), streams);
		}
		return partitions;
	}

	/** {@code partition3} is 3. */
	private static int index(String name) {
		return Integer.parseInt(name.substring(name.lastIndexOf("partition") + "partition".length()));
	}

}
