package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * {@link CompilerHandover}: the load step of a file of 16 MiB or more gives the optimising compiler back,
 * a smaller file's does not. (The directive itself, added and removed against the JVM's own directive
 * stack: {@code StartupCompilationTests}.)
 */
class CompilerHandoverTests {

	@Test
	void givesTheCompilerBackAtTheLoadStepOfALargeFileOnly() {
		AtomicInteger given = new AtomicInteger();
		new CompilerHandover(CompilerHandover.MIN_BYTES - 1, given::incrementAndGet).beforeStep(null);
		assertThat(given).hasValue(0);
		new CompilerHandover(CompilerHandover.MIN_BYTES, given::incrementAndGet).beforeStep(null);
		assertThat(given).hasValue(1);
		new CompilerHandover(100L << 30, given::incrementAndGet).beforeStep(null);
		assertThat(given).hasValue(2);
	}

}
