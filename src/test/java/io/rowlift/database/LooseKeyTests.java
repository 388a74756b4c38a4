package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

/**
 * The loose key only narrows down the records the database then compares: values a database may hold
 * equal (by type or collation) must share it; values that differ may share it too.
 */
class LooseKeyTests {

	@Test
	void numbersShareTheirLooseKeyWhateverTheirJavaType() {
		assertThat(LooseKey.of(new Object[] { 5L })).isEqualTo(LooseKey.of(new Object[] { "05" }))
			.isEqualTo(LooseKey.of(new Object[] { 5 }))
			.isEqualTo(LooseKey.of(new Object[] { new BigDecimal("5.00") }));
		assertThat(LooseKey.of(new Object[] { 1.5d })).isEqualTo(LooseKey.of(new Object[] { "1.50" }));
	}

	@Test
	void textSharesItAcrossCaseAccentsAndISODateTimes() {
		assertThat(LooseKey.of(new Object[] { "Crème Brûlée" }))
			.isEqualTo(LooseKey.of(new Object[] { "creme brulee " }));
		assertThat(LooseKey.of(new Object[] { "2024-01-01T10:00:00" }))
			.isEqualTo(LooseKey.of(new Object[] { "2024-01-01 10:00:00.0" }));
	}

	@Test
	void columnsOfAKeyStayApart() {
		assertThat(LooseKey.of(new Object[] { "ab", "c" })).isNotEqualTo(LooseKey.of(new Object[] { "a", "bc" }));
	}

}
