package io.rowlift.source.documents;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class DocumentOrderTests {

	@Test
	void numericKeysSortAsNumbersBeforeOtherKeysEqualKeysByName() {
		List<Listing.Entry> entries = new ArrayList<>();
		for (String name : List.of("b.json", "10.json", "9.json", "a.json", "010.txt", "10.txt", "0.json", "100.json", "9", ".x",
				"1e3.json")) {
			entries.add(new Listing.Entry(name, 1, 1));
		}
		entries.sort(DocumentOrder.ENTRIES);
		assertThat(entries.stream().map(Listing.Entry::name)).containsExactly("0.json", "9", "9.json", "010.txt", "10.json", "10.txt",
				"100.json", ".x", "1e3.json", "a.json", "b.json");
	}

	@Test
	void keyedEntriesSortAsEntriesDo() {
		java.util.Random random = new java.util.Random(21);
		List<Listing.Entry> entries = new ArrayList<>();
		for (String name : List.of("0.json", "00.json", "0", "9.json", "09.json", "10", "999999999999999999.json",
				"1000000000000000000.json", "0999999999999999999.json", "99999999999999999999.json", "18446744073709551616.json",
				"a.json", "a", "1e3.json", ".x", "-1.json", "5.", "5")) {
			entries.add(new Listing.Entry(name, 1, 1));
		}
		for (int i = 0; i < 2000; i++) {
			String all = Long.toString(random.nextLong() & Long.MAX_VALUE) + random.nextInt(1000);
			String digits = all.substring(0, 1 + random.nextInt(Math.min(all.length(), 21)));
			String zeros = "0".repeat(random.nextInt(3));
			entries.add(new Listing.Entry(zeros + digits + (random.nextBoolean() ? ".json" : ".txt"), 1, 1));
		}
		java.util.Collections.shuffle(entries, random);
		List<Listing.Entry> byEntries = new ArrayList<>(entries);
		byEntries.sort(DocumentOrder.ENTRIES);
		List<DocumentOrder.Keyed> keyed = new ArrayList<>(entries.stream().map(DocumentOrder.Keyed::of).toList());
		keyed.sort(DocumentOrder.KEYED);
		assertThat(keyed.stream().map(DocumentOrder.Keyed::entry).toList()).isEqualTo(byEntries);
	}

	@Test
	void theKeyIsTheNameWithoutItsLastExtension() {
		assertThat(DocumentOrder.keyOf("17.json")).isEqualTo("17");
		assertThat(DocumentOrder.keyOf("a.b.json")).isEqualTo("a.b");
		assertThat(DocumentOrder.keyOf("plain")).isEqualTo("plain");
		assertThat(DocumentOrder.keyOf(".hidden")).isEqualTo(".hidden");
	}

}
