package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.RowliftException;

class SortSpaceTests {

	@TempDir
	Path dir;

	@Test
	void refusesWhenTheFolderHasLessRoomThanItNeeds() {
		SortSpace.check(100L << 20, 100L << 20, this.dir, "big.csv");

		assertThatThrownBy(() -> SortSpace.check(3000L << 20, (3000L << 20) - 1, Path.of("/spill"), "big.csv"))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("sorting big.csv by key needs about 3,000 MB in /spill (rowlift.sort.spill-dir), which has 2,999 MB "
					+ "free; point rowlift.sort.spill-dir at a larger disk, or set rowlift.sort.key-order=chunk");
	}

	@Test
	void givesEachLoadAFolderOfItsOwnUnderTheRootItCreates() throws Exception {
		Path root = this.dir.resolve("spill/deeper");

		Path folder = SortSpace.reserve(root, "jdbc:sqlite:a.db", "t <- /f.csv", 1000, "f.csv");

		assertThat(root).isDirectory();
		assertThat(folder.getParent()).isEqualTo(root);
		assertThat(folder.getFileName().toString()).matches("rowlift-sort-[0-9a-f]+-\\d+");
		assertThat(SortSpace.folderName("jdbc:sqlite:a.db", "t <- /f.csv", 5))
			.isNotEqualTo(SortSpace.folderName("jdbc:sqlite:b.db", "t <- /f.csv", 5))
			.endsWith("-5");
	}

	@Test
	void aRootThatCannotBeCreatedIsExit2() throws Exception {
		Path file = Files.createFile(this.dir.resolve("a-file"));

		assertThatThrownBy(() -> SortSpace.reserve(file.resolve("spill"), "u", "k", 1, "f.csv"))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessageStartingWith("rowlift.sort.spill-dir " + file.resolve("spill") + " cannot be created: ");
	}

}
