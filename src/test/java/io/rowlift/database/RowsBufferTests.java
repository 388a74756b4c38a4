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

}
