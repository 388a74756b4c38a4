package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TerminalsTests {

	@TempDir
	Path dir;

	@Test
	void standardErrorIsATerminalWhenItsDescriptorNamesATerminalDevice() throws Exception {
		assertThat(Terminals.stderrIsTerminal(Files.createSymbolicLink(this.dir.resolve("pts"), Path.of("/dev/pts/3")))).isTrue();
		assertThat(Terminals.stderrIsTerminal(Files.createSymbolicLink(this.dir.resolve("file"), this.dir.resolve("err.log"))))
			.isFalse();
		assertThat(Terminals.stderrIsTerminal(Files.createSymbolicLink(this.dir.resolve("pipe"), Path.of("pipe:[12345]"))))
			.isFalse();
	}

	@Test
	void testsRunWithoutATerminal() {
		assertThat(Terminals.interactive()).as("maven's forked JVM has its output redirected").isFalse();
	}

}
