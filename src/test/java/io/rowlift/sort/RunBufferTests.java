package io.rowlift.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import io.rowlift.model.RawRecord;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The sort's memory accounting: a buffer takes records while they fit its budget (encoded records plus
 * their index), and its arrays stay within the budget plus the index's spare room (at most as much again).
 */
class RunBufferTests {

	@Property(tries = 200)
	void aBufferHoldsNoMoreThanItsBudget(@ForAll @IntRange(min = 1 << 10, max = 1 << 22) int budget,
			@ForAll @IntRange(min = 0, max = 300) int dataLength) {
		RunBuffer buffer = new RunBuffer(budget, 2L * budget);
		byte[] data = "x".repeat(dataLength).getBytes(StandardCharsets.US_ASCII);
		RawRecord record = new RawRecord(data, new int[] { Math.min(5, dataLength), dataLength }, 0, 0, dataLength + 2, 1, null);
		byte[] key = new SortKey(new int[] { 0 }, new boolean[] { false }).of(record);
		long size = RunFile.size(key, record, null) + RunBuffer.INDEX;
		int added = 0;
		while (buffer.fits(key, record, null)) {
			buffer.add(key, record, added, null);
			added++;
		}
		assertThat(added).as("records taken").isEqualTo((int) Math.max(1, budget / size));
		// the index grows by doubling: at most twice the records taken (1,024 at first)
		assertThat(buffer.allocated()).as("bytes allocated")
			.isLessThanOrEqualTo(Math.max(budget, size) + RunBuffer.INDEX * Math.max(1025L, 2L * added + 1));
	}

}
