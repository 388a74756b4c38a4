package io.rowlift.sort;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;

import io.rowlift.model.RawRecord;

/**
 * Key order {@link KeyOrder#CHUNK}: hands each chunk to the writer sorted by a {@link SortKey}, equal
 * keys in file order (a stable sort of a chunk in file order), so the database inserts into its key
 * index in order within a chunk. Costs one sort per chunk; the writer is unchanged. Restart: keeps no
 * state of its own (the writer's is passed through). One instance per partition: not thread-safe.
 */
public final class ChunkKeyOrder implements ItemStreamWriter<RawRecord> {

	private final SortKey key;

	private final ItemStreamWriter<RawRecord> writer;

	public ChunkKeyOrder(SortKey key, ItemStreamWriter<RawRecord> writer) {
		this.key = key;
		this.writer = writer;
	}

	@Override
	public void write(Chunk<? extends RawRecord> chunk) throws Exception {
		this.writer.write(new Chunk<>(sorted(chunk.getItems())));
	}

	/** The records in key order, equal keys in file order. */
	List<RawRecord> sorted(List<? extends RawRecord> records) {
		byte[][] keys = new byte[records.size()][];
		Integer[] order = new Integer[records.size()];
		for (int i = 0; i < order.length; i++) {
			keys[i] = this.key.of(records.get(i));
			order[i] = i;
		}
		Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(keys[a], keys[b]));
		List<RawRecord> sorted = new ArrayList<>(order.length);
		for (Integer i : order) {
			sorted.add(records.get(i));
		}
		return sorted;
	}

	@Override
	public void open(ExecutionContext context) {
		this.writer.open(context);
	}

	@Override
	public void update(ExecutionContext context) {
		this.writer.update(context);
	}

	@Override
	public void close() {
		this.writer.close();
	}

}
