package io.rowlift.source.documents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ListingTests {

	@TempDir
	Path dir;

	@Test
	void aFolderListedInRunsAndMergedIsInKeyOrderWithItsCountBytesAndFingerprint() throws Exception {
		Path folder = Files.createDirectories(this.dir.resolve("docs"));
		List<Integer> ids = new ArrayList<>();
		for (int i = 0; i < 1000; i++) {
			ids.add(i * 7 % 1013);
		}
		Collections.shuffle(ids, new Random(3));
		long bytes = 0;
		for (int id : ids) {
			Files.writeString(folder.resolve(id + ".json"), "x".repeat(id % 5));
			bytes += id % 5;
		}
		Files.writeString(folder.resolve(".hidden"), "skipped");
		Files.createDirectories(folder.resolve("sub"));
		Folder f = Folder.of(folder);
		Listing listing = Listing.build(f, "docs", 64); // 16 runs merged

		assertThat(listing.count()).isEqualTo(1000);
		assertThat(listing.bytes()).isEqualTo(bytes);
		assertThat(listing.fingerprint()).isEqualTo(f.fingerprint()).startsWith(bytes + ":");
		List<Integer> read = new ArrayList<>();
		try (Listing.Cursor cursor = listing.cursor(0)) {
			Listing.Entry entry;
			while ((entry = cursor.next()) != null) {
				read.add(Integer.parseInt(entry.key()));
			}
		}
		assertThat(read).isEqualTo(ids.stream().sorted().toList());

		Listing again = Listing.build(f, "docs");
		assertThat(Files.readAllBytes(again.file())).isEqualTo(Files.readAllBytes(listing.file()));
		assertThat(Listing.cached(f, listing.fingerprint(), 1000, bytes)).isPresent();

		Files.writeString(folder.resolve("5000.json"), "");
		assertThat(f.fingerprint()).as("a file added changes it").isNotEqualTo(listing.fingerprint());
		Files.delete(folder.resolve("5000.json"));
		assertThat(f.fingerprint()).isEqualTo(listing.fingerprint());
		Files.setLastModifiedTime(folder.resolve("7.json"), java.nio.file.attribute.FileTime.fromMillis(1000));
		assertThat(f.fingerprint()).as("a file touched changes it").isNotEqualTo(listing.fingerprint());
	}

	@Test
	void aGlobListsTheNamesItMatches() throws Exception {
		Path folder = Files.createDirectories(this.dir.resolve("docs"));
		Files.writeString(folder.resolve("1.json"), "{}");
		Files.writeString(folder.resolve("2.txt"), "{}");
		Folder glob = Folder.of(folder.resolve("*.json"));
		assertThat(Folder.isFolder(folder.resolve("*.json"))).isTrue();
		assertThat(Folder.isFolder(folder.resolve("1.json"))).isFalse();
		assertThat(Listing.build(glob, "docs/*.json").count()).isEqualTo(1);
	}

}
