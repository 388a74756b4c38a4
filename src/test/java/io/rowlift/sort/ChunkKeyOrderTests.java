package io.rowlift.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;

import io.rowlift.model.RawRecord;

/** Key order CHUNK: each chunk reaches the writer in key order, equal keys in file order. */
class ChunkKeyOrderTests {

	private static final SortKey INTEGER = new SortKey(new int[] { 0 }, new boolean[] { true });

	@Test
	void handsTheWriterEachChunkInKeyOrderEqualKeysInFileOrder() throws Exception {
		List<String> seen = new ArrayList<>();
		ItemStreamWriter<RawRecord> writer = chunk -> chunk.getItems().forEach(r -> seen.add(r.text(0) + r.text(1)));
		ChunkKeyOrder ordered = new ChunkKeyOrder(INTEGER, writer);
		ordered.write(new Chunk<>(List.of(SortKeyTests.record("3", "a"), SortKeyTests.record("10", "b"),
				SortKeyTests.record("3", "c"), SortKeyTests.record("-1", "d"), SortKeyTests.record("3", "e"))));
		assertThat(seen).containsExactly("-1d", "3a", "3c", "3e", "10b");
	}

	@Test
	void passesTheWritersStreamCallsThrough() {
		List<String> calls = new ArrayList<>();
		ItemStreamWriter<RawRecord> writer = new ItemStreamWriter<>() {
			@Override
			public void write(Chunk<? extends RawRecord> chunk) {
			}

			@Override
			public void open(ExecutionContext context) {
				calls.add("open");
			}

			@Override
			public void update(ExecutionContext context) {
				calls.add("update");
			}

			@Override
			public void close() {
				calls.add("close");
			}
		};
		ChunkKeyOrder ordered = new ChunkKeyOrder(INTEGER, writer);
		ordered.open(new ExecutionContext());
		ordered.update(new ExecutionContext());
		ordered.close();
		assertThat(calls).containsExactly("open", "update", "close");
	}

}
