package io.rowlift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

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
		String reports = results.allEvents()
			.filter(event -> event.getType() == EventType.REPORTING_ENTRY_PUBLISHED)
			.map(event -> event.getPayload(ReportEntry.class).map(ReportEntry::toString).orElse(""))
			.collect(Collectors.joining("\n"));
		assertThat(reports).as("jqwik's report of the failed property").contains("everyIntIsBelowTen")
			.contains("Shrunk Sample")
			.contains("value: " + BrokenProperty.SMALLEST_COUNTEREXAMPLE);
		List<Event> failures = results.testEvents().failed().list();
		assertThat(failures.get(0).getPayload(org.junit.platform.engine.TestExecutionResult.class).flatMap(
				org.junit.platform.engine.TestExecutionResult::getThrowable)).isPresent();
	}

}
