package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class ProgressBarsTests {

	/** Issue 34 item 11: a speed under 1 MiB/s was drawn as {@code .4 MiB/s}. */
	@Test
	void aSpeedUnderOneMibPerSecondKeepsItsLeadingZero() throws Exception {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		ProgressBars bars = new ProgressBars(new PrintStream(bytes, true, StandardCharsets.UTF_8));
		bars.show(snapshot(0));
		Thread.sleep(600); // a few KiB over more than half a second: well under 1 MiB/s
		bars.show(snapshot(4_096));
		Thread.sleep(600);
		bars.close();
		String drawn = bytes.toString(StandardCharsets.UTF_8);
		assertThat(drawn).contains(" MiB/s").containsPattern("[ (]0\\.\\d MiB/s").doesNotContainPattern("[^0-9]\\.\\d MiB/s");
	}

	private static ProgressSnapshot snapshot(long done) {
		return new ProgressSnapshot("load", "bytes", done, 100L << 20, 0, 0, 0, null, Duration.ZERO, Duration.ZERO, List.of(), null);
	}

}
