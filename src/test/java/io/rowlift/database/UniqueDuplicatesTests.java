package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

/**
 * The loose key only narrows down the records the database then compares: values a database may hold
 * equal (by type or collation) must share it; values that differ may share it too.
 */
class UniqueDuplicatesTests {

	@Test
	void numbersShareTheirLooseKeyWhateverTheirJavaType() {
		assertThat(UniqueDuplicates.loose(new Object[] { 5L })).isEqualTo(UniqueDuplicates.loose(new Object[] { "05" }))
			.isEqualTo(UniqueDuplicates.loose(new Object[] { 5 }))
			.isEqualTo(UniqueDuplicates.loose(new Object[] { new BigDecimal("5.00") }));
		assertThat(UniqueDuplicates.loose(new Object[] { 1.5d })).isEqualTo(UniqueDuplicates.loose(new Object[] { "1.50" }));
	}

	@Test
	void textSharesItAcrossCaseAccentsAndISODateTimes() {
		assertThat(UniqueDuplicates.loose(new Object[] { "Crème Brûlée" }))
			.isEqualTo(UniqueDuplicates.loose(new Object[] { "creme brulee " }));
		assertThat(UniqueDuplicates.loose(new Object[] { "2024-01-01T10:00:00" }))
			.isEqualTo(UniqueDuplicates.loose(new Object[] { "2024-01-01 10:00:00.0" }));
	}

	@Test
	void columnsOfAKeyStayApart() {
		assertThat(UniqueDuplicates.loose(new Object[] { "ab", "c" })).isNotEqualTo(UniqueDuplicates.loose(new Object[] { "a", "bc" }));
	}

}
