package io.rowlift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class LaunchCacheTests {

	@Test
	void anAotCacheIsUsedWhenTheJvmSharesClasses() {
		assertThat(LaunchCache.describe(List.of("-Xmx1g", "-XX:AOTCache=/x/rowlift.aot"), "mixed mode, sharing"))
			.isEqualTo("start-up: the JVM used the ahead-of-time cache /x/rowlift.aot");
	}

	@Test
	void anAotCacheTheJvmSkippedLeavesNoSharingAndIsNamedWithTheFix() {
		assertThat(LaunchCache.describe(List.of("-XX:AOTCache=/x/rowlift.aot"), "mixed mode"))
			.startsWith("start-up: the JVM did not use the ahead-of-time cache /x/rowlift.aot (")
			.contains("-Xlog:aot")
			.endsWith("delete that cache's folder and the next start makes it again");
	}

	@Test
	void aClassArchiveCanOnlyBeSaidToShareClasses() {
		assertThat(LaunchCache.describe(List.of("-XX:SharedArchiveFile=/x/rowlift.jsa"), "mixed mode, sharing"))
			.contains("shares classes, from the class-data archive /x/rowlift.jsa unless it skipped it");
		assertThat(LaunchCache.describe(List.of("-XX:SharedArchiveFile=/x/rowlift.jsa"), "mixed mode"))
			.startsWith("start-up: the JVM did not use the class-data archive /x/rowlift.jsa");
	}

	@Test
	void theLastOptionCountsAndNoneIsJavaJar() {
		assertThat(LaunchCache.describe(List.of("-XX:AOTCache=/a", "-XX:AOTCache=/b"), "sharing")).endsWith(" /b");
		assertThat(LaunchCache.describe(List.of("-Xmx1g"), "mixed mode, sharing")).startsWith("start-up: no class cache was given");
	}

}
