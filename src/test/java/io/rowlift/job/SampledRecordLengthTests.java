package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

import io.rowlift.RowliftException;
import io.rowlift.source.LineEnding;
import io.rowlift.source.SourceProperties;

class SampledRecordLengthTests {

	@TempDir
	Path dir;

	@Test
	void samplesTheConfiguredFileInTheConfiguredDialect() throws Exception {
		Path file = Files.writeString(this.dir.resolve("semi.csv"), "a;b\r\n" + ("\"x;\r\n\";" + "y".repeat(91) + "\r\n").repeat(20));

		assertThat(length(file.toString(), ";").averageBytes()).isEqualTo(100);
	}

	@Test
	void aMissingFileIsExit2WithTheLaunchersMessage() {
		String missing = this.dir.resolve("missing.csv").toString();

		assertThatThrownBy(() -> length(missing, ",").averageBytes())
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessageStartingWith(missing + ": no such file (rowlift.source.path, resolved against ");
	}

	@Test
	void nothingToSampleWithoutAPathOrWithAHeaderTheLauncherWillRefuse() throws Exception {
		assertThat(length(null, ",").averageBytes()).isEqualTo(-1);
		Path bad = Files.writeString(this.dir.resolve("bad.csv"), "\"a,b\n1,2\n");
		assertThat(length(bad.toString(), ",").averageBytes()).isEqualTo(-1);
	}

	private static SampledRecordLength length(String path, String delimiter) {
		return new SampledRecordLength(new SourceProperties(path, true, delimiter, "\"", "", StandardCharsets.UTF_8,
				LineEnding.AUTO, null, "", null, null, null, ZoneId.of("UTC"), DataSize.ofMegabytes(1),
				DataSize.ofMegabytes(16), "auto"));
	}

}
