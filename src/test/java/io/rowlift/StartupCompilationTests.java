package io.rowlift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link StartupCompilation} against this JVM's real compiler directives (read back with the
 * diagnostic command {@code Compiler.directives_print}, as {@code jcmd} does).
 */
class StartupCompilationTests {

	@Test
	void keepsC2OffEveryMethodUntilStoppedThenRemovesItsDirective() throws Exception {
		String before = StartupCompilation.invoke("compilerDirectivesPrint");
		StartupCompilation compilation = new StartupCompilation(List::of);
		compilation.start();
		awaitAdded(compilation);
		String during = StartupCompilation.invoke("compilerDirectivesPrint");
		assertThat(during).contains("matching: *.*");
		assertThat(c2Part(during)).contains("Exclude:true");

		compilation.stop();
		assertThat(compilation.added()).isFalse();
		assertThat(StartupCompilation.invoke("compilerDirectivesPrint")).isEqualTo(before);
		compilation.stop(); // a second stop removes nothing more
		assertThat(StartupCompilation.invoke("compilerDirectivesPrint")).isEqualTo(before);
	}

	@Test
	void addsNothingWhenTheJvmAlreadyLimitsItsCompilers() throws Exception {
		String before = StartupCompilation.invoke("compilerDirectivesPrint");
		StartupCompilation compilation = new StartupCompilation(() -> List.of("-Xmx1g", "-XX:TieredStopAtLevel=1"));
		compilation.start();
		compilation.stop(); // waits for the adding thread
		assertThat(compilation.added()).isFalse();
		assertThat(StartupCompilation.invoke("compilerDirectivesPrint")).isEqualTo(before);
	}

	@Test
	void addsNothingWhenStoppedBeforeItStarted() throws Exception {
		String before = StartupCompilation.invoke("compilerDirectivesPrint");
		StartupCompilation compilation = new StartupCompilation(List::of);
		compilation.stop();
		compilation.start();
		assertThat(compilation.added()).isFalse();
		assertThat(StartupCompilation.invoke("compilerDirectivesPrint")).isEqualTo(before);
	}

	@Test
	void recognisesTheOptionsThatAlreadyDecideCompilation() {
		assertThat(StartupCompilation.compilersLimited(List.of("-XX:TieredStopAtLevel=1"))).isTrue();
		assertThat(StartupCompilation.compilersLimited(List.of("-Xint"))).isTrue();
		assertThat(StartupCompilation.compilersLimited(List.of("-XX:-TieredCompilation"))).isTrue();
		assertThat(StartupCompilation.compilersLimited(List.of("-XX:CompilerDirectivesFile=/tmp/d.json"))).isTrue();
		assertThat(StartupCompilation.compilersLimited(List.of("-XX:CompileCommand=quiet"))).isTrue();
		assertThat(StartupCompilation.compilersLimited(List.of("-Xmx1g", "-XX:+UseSerialGC"))).isFalse();
	}

	/** The part of a printed directive after {@code c2 directives:}. */
	private static String c2Part(String printed) {
		int c2 = printed.indexOf("c2 directives:");
		assertThat(c2).as("a c2 section in %s", printed).isNotNegative();
		return printed.substring(c2, Math.min(printed.length(), c2 + 200));
	}

	private static void awaitAdded(StartupCompilation compilation) throws InterruptedException {
		for (int i = 0; i < 300 && !compilation.added(); i++) {
			Thread.sleep(50);
		}
		assertThat(compilation.added()).as("directive added within 15 s").isTrue();
	}

}
