package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.source.SourceFingerprint;

class FileCheckTests {

	@TempDir
	Path dir;

	@Test
	void theManagersFileHasNoProblem() throws Exception {
		Path file = Files.writeString(this.dir.resolve("a.csv"), "x\n1\n");
		assertThat(FileCheck.problem("w1:42", file.toString(), SourceFingerprint.of(file))).isEmpty();
	}

	@Test
	void aMissingFileNamesTheWorkerThePathAndTheFix() {
		String path = this.dir.resolve("gone.csv").toString();
		assertThat(FileCheck.problem("w1:42", path, "1200:0:abc")).hasValueSatisfying(message -> assertThat(message)
			.startsWith("worker w1:42: " + path + " does not exist on this worker (the manager loads a file of 1,200 bytes modified 1970-01-01T00:00:00Z)")
			.contains("every worker must read the file the manager loads at the same path"));
	}

	@Test
	void anotherFileSaysWhatDiffers() throws Exception {
		Path file = Files.writeString(this.dir.resolve("a.csv"), "x\n1\n");
		String manager = SourceFingerprint.of(file);
		Files.writeString(file, "x\n12\n");
		Files.setLastModifiedTime(file, FileTime.fromMillis(1_000));
		assertThat(FileCheck.problem("w2:7", file.toString(), manager)).hasValueSatisfying(message -> assertThat(message)
			.startsWith("worker w2:7: " + file + " is not the file the manager loads: size 5 bytes here, 4 bytes at the manager, "
					+ "modified 1970-01-01T00:00:01Z here, ")
			.contains("its first and last MiB differ (CRC-32C "));
	}

}
