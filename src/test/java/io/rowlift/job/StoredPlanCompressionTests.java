package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.compress.ZstdCompression;
import io.rowlift.database.mapping.TableMapping;

/**
 * The compression of a load's columns in its stored plan (docs/compact-storage.md): the dictionary by its ID, never
 * its bytes; a resume gets the same ID back; the settings compared on a resume name it.
 */
class StoredPlanCompressionTests {

	private static RunPlan compressed(int dictionary) {
		RunPlan plan = StoredPlanTests.runPlan(List.of("id", "name", "born"), new int[] { 0, 1, 2 });
		TableMapping mapping = plan.load().mapping()
			.withCompression(ZstdCompression.untrained(7, List.of("name")).withDictionary(dictionary, new byte[] { 1, 2, 3, 4 }));
		return plan.withMapping(mapping);
	}

	@Test
	void thePlanKeepsTheDictionaryIdAndLevelAndAResumeGetsThemBackWithoutTheBytes() {
		RunPlan stored = StoredPlanTests.of(compressed(5), StoredPlanTests.source(";", null, null), LoadSql.NONE);

		RunPlan read = RunPlan.fromJson(stored.toJson());

		assertThat(read.storedMapping().compressed()).isEqualTo(new StoredParts.Compressed("zstd", 5, 7, List.of("name")));
		assertThat(stored.toJson()).doesNotContain("AQIDBA"); // the bytes, in Base64, are not in the plan
		ZstdCompression back = read.load().mapping().compression();
		assertThat(back.dictionaryId()).isEqualTo(5);
		assertThat(back.level()).isEqualTo(7);
		assertThat(back.columns()).containsExactly("name");
		assertThat(back.ready()).as("the bytes are read from the table by the job").isFalse();
	}

	@Test
	void aCommandWithoutCompressionDiffersFromARunThatCompressesNamingTheSettings() {
		RunPlan stored = StoredPlanTests.of(compressed(5), StoredPlanTests.source(";", null, null), LoadSql.NONE);
		RunPlan plain = StoredPlanTests.of(StoredPlanTests.runPlan(List.of("id", "name", "born"), new int[] { 0, 1, 2 }),
				StoredPlanTests.source(";", null, null), LoadSql.NONE);

		assertThat(stored.differences(plain)).containsExactly("rowlift.target.compress: 'zstd' -> (not set)",
				"rowlift.target.compress-columns: 'name' -> (not set)");
		assertThat(stored.differences(StoredPlanTests.of(compressed(0), StoredPlanTests.source(";", null, null), LoadSql.NONE)))
			.as("the command's own plan, its dictionary not trained: the same settings").isEmpty();
		assertThat(plain.settings()).doesNotContainKey("rowlift.target.compress");
	}

}
