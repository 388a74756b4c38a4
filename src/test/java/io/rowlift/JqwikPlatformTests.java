package io.rowlift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import io.rowlift.testsupport.jqwik.BrokenProperty;

/**
 * jqwik still finds failures on the JUnit Platform that Spring Boot 4 brings (6.x; issue #36 item 4): a property
 * that is false on purpose ({@link BrokenProperty}, which the build's own runs leave out) run through the platform's
 * launcher must be reported failed, with its counterexample shrunk to the smallest one. Were jqwik's engine not
 * found, or its failures lost on this platform, every property test of the build would pass without running.
 */
class JqwikPlatformTests {

	@Test
	void aBrokenPropertyIsReportedFailedWithItsShrunkSample() {
		EngineExecutionResults results = EngineTestKit.engine("jqwik").selectors(selectClass(BrokenProperty.class)).execute();

		assertThat(results.testEvents().started().count()).as("the property ran").isEqualTo(1);
		assertThat(results.testEvents().failed().count()).as("and failed").isEqualTo(1);
		assertThat(results.testEvents().succeeded().count()).isZero();
		Throwable failure = results.testEvents().failed().list().get(0).getPayload(TestExecutionResult.class)
			.flatMap(TestExecutionResult::getThrowable).orElseThrow();
		// shrunk: a sample drawn from 0..10,000 (or its edge case 10,000) ends as the smallest counterexample
		assertThat(failure).as("jqwik's report of the failed property").hasMessage(
				"Property [BrokenProperty:everyIntIsBelowTen] failed with sample {0=" + BrokenProperty.SMALLEST_COUNTEREXAMPLE + "}");
	}

}
