package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Types;

import org.junit.jupiter.api.Test;

/** The chunk buffer of {@code insert-select}: growth at every value kind. */
class RowsBufferTests {

	/**
	 * A NULL that lands exactly on the buffer's end makes it grow: seen failing in the differential
	 * property test with a 1 MiB field followed by an empty one ({@code Index N out of bounds for length N}),
	 * because the tag was written into the array from before the growth.
	 */
	@Test
	void aNullRightAtTheEndOfTheBufferGrowsItFirst() {
		int initial = 64 << 10; // the buffer's first size
		for (int text = initial - RowsBuffer.HEADER - 5 - 3; text < initial - RowsBuffer.HEADER - 5 + 3; text++) {
			RowsBuffer rows = new RowsBuffer(2);
			rows.clear();
			rows.beginRow();
			byte[] value = new byte[text];
			rows.setAsciiText(1, value, 0, value.length);
			rows.setNull(2, Types.VARCHAR);
			rows.endRow();
			assertThat(rows.size()).isEqualTo(RowsBuffer.HEADER + 5 + text + 1);
			byte[] all = rows.toByteArray();
			assertThat(all[all.length - 1]).as("the NULL tag, last").isEqualTo((byte) 0);
		}
	}

	/**
	 * The writer binds the buffer's own array while its unused end is no longer than its rows; after one
	 * huge chunk a small one is copied out, so that the database does not copy the huge array for it.
	 */
	@Test
	void theBufferIsBoundWithoutACopyUnlessMostOfItsArrayIsUnused() {
		RowsBuffer rows = new RowsBuffer(1);
		fill(rows, 100, 1_000);
		assertThat(rows.bindable()).as("a chunk that fills most of the array").isSameAs(rows.array());
		fill(rows, 70, 1_000);
		assertThat(rows.bindable()).as("a smaller chunk, the unused end no longer than the rows").isSameAs(rows.array());
		fill(rows, 10, 1_000);
		byte[] copy = rows.bindable();
		assertThat(copy).as("most of the array unused").isNotSameAs(rows.array()).hasSize(rows.size());
		assertThat(copy).isEqualTo(java.util.Arrays.copyOf(rows.array(), rows.size()));
	}

	private static void fill(RowsBuffer rows, int count, int length) {
		rows.clear();
		byte[] value = new byte[length];
		for (int i = 0; i < count; i++) {
			rows.beginRow();
			rows.setAsciiText(1, value, 0, length);
			rows.endRow();
		}
	}

}
