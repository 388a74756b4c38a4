package io.rowlift.database.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetDialects;
import io.rowlift.model.RawRecord;

/** When a part or a group of INSERTs is one statement without a savepoint. */
class AtomicInsertsTests {

	private final TargetDialect atomic = TargetDialects.forUrl("jdbc:mysql://localhost:3306/people");

	private final TargetDialect notAtomic = TargetDialects.forUrl("jdbc:sqlite:people.db");

	@Test
	void onlyWhereTheDialectsStatementsAreAtomicAndTheDriverBinds() {
		assertThat(this.atomic.writing().atomicStatements()).isTrue();
		assertThat(this.notAtomic.writing().atomicStatements()).isFalse();
		List<RawRecord> one = rows(1, 10);
		assertThat(new AtomicInserts(this.atomic, false).fits(one)).isTrue();
		assertThat(new AtomicInserts(this.atomic, true).fits(one)).as("bound by the dialect's own statement").isFalse();
		assertThat(new AtomicInserts(this.notAtomic, false).fits(one)).isFalse();
		assertThat(new AtomicInserts(this.notAtomic, false).groups(1)).isFalse();
	}

	@Test
	void atMostSoManyRowsAndBytes() {
		AtomicInserts inserts = new AtomicInserts(this.atomic, false);
		assertThat(inserts.fits(rows(AtomicInserts.ATOMIC_ROWS, 10))).isTrue();
		assertThat(inserts.fits(rows(AtomicInserts.ATOMIC_ROWS + 1, 10))).isFalse();
		assertThat(inserts.fits(rows(2, AtomicInserts.ATOMIC_BYTES / 2))).isTrue();
		assertThat(inserts.fits(rows(2, AtomicInserts.ATOMIC_BYTES / 2 + 1))).isFalse();
	}

	@Test
	void groupsOfAtMostSoManyRows() {
		AtomicInserts inserts = new AtomicInserts(this.atomic, false);
		assertThat(inserts.groups(AtomicInserts.ATOMIC_GROUP_ROWS)).isTrue();
		assertThat(inserts.groups(AtomicInserts.ATOMIC_GROUP_ROWS + 1)).isFalse();
		assertThat(inserts.groups(InsertBatchSink.FLUSH_ROWS)).isFalse();
	}

	private static List<RawRecord> rows(int count, int rawLength) {
		return new ArrayList<>(Collections.nCopies(count, new RawRecord(new byte[0], new int[0], 0, 1, rawLength, 1, null)));
	}

}
