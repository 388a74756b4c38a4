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
	void theKeyIsTheNameWithoutItsLastExtension() {
		assertThat(DocumentOrder.keyOf("17.json")).isEqualTo("17");
		assertThat(DocumentOrder.keyOf("a.b.json")).isEqualTo("a.b");
		assertThat(DocumentOrder.keyOf("plain")).isEqualTo("plain");
		assertThat(DocumentOrder.keyOf(".hidden")).isEqualTo(".hidden");
	}

}
