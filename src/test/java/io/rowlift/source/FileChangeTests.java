package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a file changed since its fingerprint was taken, told apart. */
class FileChangeTests {

	@TempDir
	Path dir;

	private Path file() throws Exception {
		Path file = Files.writeString(this.dir.resolve("a.csv"), "id,name\n1,a\n2,b\n");
		Files.setLastModifiedTime(file, FileTime.fromMillis(1_000_000));
		return file;
	}

	@Test
	void anUnchangedFileIsNoChange() throws Exception {
		Path file = file();
		assertThat(FileChange.since(file, SourceFingerprint.of(file))).isEmpty();
	}

	@Test
	void appendedTruncatedReplacedModifiedAndDeletedAreToldApartWithTheSizes() throws Exception {
		Path file = file();
		String before = SourceFingerprint.of(file);
		Files.writeString(file, "3,c\n", StandardOpenOption.APPEND);
		String appended = FileChange.since(file, before).orElseThrow();
		assertThat(appended)
			.startsWith(file + " was appended to while it was loaded: 16 bytes at the start (fingerprint " + before + "), 20 bytes now (fingerprint 20:");

		file = file();
		Files.writeString(file, "id,name\n1,a\n");
		assertThat(FileChange.since(file, before)).hasValueSatisfying(s -> assertThat(s)
			.contains("was truncated (or replaced by a shorter file) while it was loaded: 16 bytes at the start"));

		file = file();
		Files.writeString(file, "id,name\n1,x\n2,b\n3,c\n");
		assertThat(FileChange.since(file, before)).hasValueSatisfying(s -> assertThat(s).contains("was replaced by another file (or rewritten)"));

		file = file();
		Files.setLastModifiedTime(file, FileTime.fromMillis(2_000_000));
		assertThat(FileChange.since(file, before)).hasValueSatisfying(s -> assertThat(s).contains("was modified while it was loaded"));
		assertThat(FileChange.contentSince(file, before)).as("a touch does not fail a load").isEmpty();

		Files.delete(file);
		assertThat(FileChange.since(file, before)).hasValueSatisfying(s -> assertThat(s).contains("was deleted or moved while it was loaded"));
	}

}
