package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/** Who keeps a repeated key of a unique index and who is rejected, and when the index cannot be repaired. */
class DuplicateVerdictTests {

	private static final IndexDefinition EMAIL = new IndexDefinition("people_email", "CREATE UNIQUE INDEX people_email ON people (email)",
			true, List.of("email"));

	private static final String DESCRIBED = "unique index people_email (email) of people";

	private final RecordLocator locator = mock(RecordLocator.class);

	DuplicateVerdictTests() {
		when(this.locator.line(any())).thenAnswer(call -> ((RawRecord) call.getArgument(0)).line());
	}

	@Test
	void theFirstRecordInFileOrderKeepsItsRowTheOthersAreRejected() {
		RawRecord first = record(2, 10);
		RawRecord second = record(5, 40);
		RawRecord third = record(9, 90);
		RepeatedKeys keys = new RepeatedKeys(1, List.<Object[]>of(new Object[] { "a@x" }), List.of(3L));
		DuplicateVerdict verdict = DuplicateVerdict.of(EMAIL, keys, List.of(List.of(first, second, third)), DESCRIBED, "people",
				this.locator);
		assertThat(verdict.problem()).isNull();
		assertThat(verdict.rejects()).containsExactly(second, third);
		assertThat(verdict.reasons().get(second)).isEqualTo("duplicate of line 2 in unique index people_email (email) = (a@x)");
		assertThat(verdict.reasons().get(third)).isEqualTo(verdict.reasons().get(second));
	}

	@Test
	void aRowTheTableHeldBeforeTheLoadKeepsTheKey() {
		RawRecord loaded = record(4, 30);
		RepeatedKeys keys = new RepeatedKeys(1, List.<Object[]>of(new Object[] { "a@x" }), List.of(2L));
		DuplicateVerdict verdict = DuplicateVerdict.of(EMAIL, keys, List.of(List.of(loaded)), DESCRIBED, "people", this.locator);
		assertThat(verdict.rejects()).containsExactly(loaded);
		assertThat(verdict.reasons().get(loaded))
			.isEqualTo("duplicate of a row people held before this load in unique index people_email (email) = (a@x)");
	}

	@Test
	void moreRecordsWithAKeyThanRowsIsAProblemNamingTheirLines() {
		RepeatedKeys keys = new RepeatedKeys(1, List.<Object[]>of(new Object[] { new byte[] { 1, 2 } }), List.of(2L));
		DuplicateVerdict verdict = DuplicateVerdict.of(EMAIL, keys, List.of(List.of(record(2, 10), record(3, 20), record(4, 30))),
				DESCRIBED, "people", this.locator);
		assertThat(verdict.rejects()).isEmpty();
		assertThat(verdict.problem()).isEqualTo("unique index people_email (email) of people cannot be rebuilt: the file has 3 records "
				+ "with the key (email) = (0x0102) but the table only 2 rows, so Rowlift cannot tell which rows to remove; remove the "
				+ "repeated rows (the records are at lines 2, 3, 4), then run the same command again");
	}

	@Test
	void aRepeatedKeyNarrowsLooselyAndPrintsItsValues() {
		RepeatedKeys keys = new RepeatedKeys(2, List.<Object[]>of(new Object[] { 5L, "Crème" }), List.of(2L));
		assertThat(keys.mayHold(new Object[] { "05", "creme" })).isTrue();
		assertThat(keys.mayHold(new Object[] { 6L, "creme" })).isFalse();
		assertThat(keys.text(0)).isEqualTo("(5, Crème)");
		assertThat(keys.rows(0)).isEqualTo(2);
	}

	private static RawRecord record(long line, long offset) {
		return new RawRecord(new byte[0], new int[0], offset, line, 1, 1, null);
	}

}
