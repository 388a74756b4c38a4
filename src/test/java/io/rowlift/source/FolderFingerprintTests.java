package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder's fingerprint, its changes, and its content fingerprint (the scheduled service's). */
class FolderFingerprintTests {

	@TempDir
	Path dir;

	@Test
	void aFolderIsFingerprintedByItsFilesNamesSizesAndTimesAndAChangeIsDescribed() throws Exception {
		Path folder = Files.createDirectories(this.dir.resolve("docs"));
		Files.writeString(folder.resolve("1.json"), "{}");
		Files.writeString(folder.resolve("2.json"), "{\"a\": 1}");
		String then = SourceFingerprint.of(folder);
		assertThat(then).startsWith("10:").contains(":folder-2-");
		assertThat(SourceFingerprint.of(folder.resolve("*.json"))).isEqualTo(then);
		assertThat(FileChange.since(folder, then)).isEmpty();

		Files.delete(folder.resolve("2.json"));
		assertThat(FileChange.since(folder, then)).hasValueSatisfying(what -> assertThat(what)
			.startsWith(folder + " changed while it was loaded (a file added, removed, renamed, resized or modified): 2 files of 10 "
					+ "bytes at the start (fingerprint " + then + "), 1 files of 2 bytes now (fingerprint "));
	}

	@Test
	void theContentFingerprintOfAFolderIsItsFilesWhateverTheirTimesOrTheFolderName() throws Exception {
		Path a = Files.createDirectories(this.dir.resolve("a"));
		Path b = Files.createDirectories(this.dir.resolve("b"));
		for (Path folder : new Path[] { a, b }) {
			Files.writeString(folder.resolve("1.json"), "{}");
			Files.writeString(folder.resolve("2.json"), "{\"a\": 1}");
		}
		Files.setLastModifiedTime(b.resolve("1.json"), java.nio.file.attribute.FileTime.fromMillis(0));
		assertThat(SourceFingerprint.content(a)).isEqualTo(SourceFingerprint.content(b)).startsWith("folder:2:10:");
		Files.writeString(b.resolve("2.json"), "{\"a\": 2}");
		assertThat(SourceFingerprint.content(a)).isNotEqualTo(SourceFingerprint.content(b));
	}

}
