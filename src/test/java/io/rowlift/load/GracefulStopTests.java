package io.rowlift.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;


/**
 * Tests for {@link GracefulStop} without a real signal (the handler's body is called directly): a
 * signal before the service has attached is kept and acts at the attachment; after it, it acts at once.
 */
class GracefulStopTests {

	private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

	private final PrintStream err = new PrintStream(this.errBytes, true, StandardCharsets.UTF_8);

	@Test
	void aSignalWhileStartingIsKeptAndStopsTheServiceWhenItAttaches() {
		GracefulStop stop = GracefulStop.beforeStart(this.err);
		stop.handle("TERM");
		assertThat(err()).isEqualTo("rowlift: SIGTERM received while starting: ending as soon as started, before any load "
				+ "(send it again to exit at once)\n");

		LoadService launcher = mock(LoadService.class);
		AtomicInteger stops = new AtomicInteger();
		stop.attach(launcher, stops::incrementAndGet);
		assertThat(stops).as("the service's hook ran at the attachment").hasValue(1);
		verify(launcher, timeout(5_000)).stopRunningLoad();
	}

	@Test
	void aSignalAfterTheAttachmentStopsTheRunningLoadAtOnce() {
		LoadService launcher = mock(LoadService.class);
		when(launcher.stopRunningLoad()).thenReturn(true);
		when(launcher.isLoading()).thenReturn(true);
		GracefulStop stop = GracefulStop.beforeStart(this.err);
		AtomicInteger stops = new AtomicInteger();
		stop.attach(launcher, stops::incrementAndGet);
		assertThat(stops).as("no signal yet").hasValue(0);

		stop.handle("INT");
		assertThat(stops).hasValue(1);
		verify(launcher, timeout(5_000)).stopRunningLoad();
		assertThat(err()).isEqualTo("rowlift: SIGINT received: stopping at the next chunk boundary (send it again to exit at once); "
				+ "the same command resumes the load\n");
	}

	@Test
	void aSignalToAServiceBetweenLoadsSaysSoAndStopsTheNextTick() {
		LoadService launcher = mock(LoadService.class);
		GracefulStop stop = GracefulStop.beforeStart(this.err);
		AtomicInteger stops = new AtomicInteger();
		stop.attach(launcher, stops::incrementAndGet);

		stop.handle("TERM");
		assertThat(stops).as("the service's hook: no further tick").hasValue(1);
		assertThat(err()).isEqualTo("rowlift: SIGTERM received between loads: no further tick starts, the service ends\n");
	}

	@Test
	void aSignalToAOneShotLoadAlwaysSpeaksOfTheLoad() {
		LoadService launcher = mock(LoadService.class); // not loading yet: the load is about to start
		GracefulStop stop = new GracefulStop(launcher, this.err);

		stop.handle("TERM");
		assertThat(err()).startsWith("rowlift: SIGTERM received: stopping at the next chunk boundary");
	}

	private String err() {
		return this.errBytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
	}

	/** Issue 20: what the service says at its start when a signal it stops on is ignored, and what still works. */
	@Test
	void saysWhichSignalsAreIgnoredAndWhatStillStopsTheService() {
		GracefulStop none = GracefulStop.beforeStart(new java.io.PrintStream(new java.io.ByteArrayOutputStream()));
		assertThat(none.ignoredNotice()).isNull();

		GracefulStop interrupt = GracefulStop.beforeStart(new java.io.PrintStream(new java.io.ByteArrayOutputStream()));
		interrupt.ignored("INT");
		assertThat(interrupt.ignoredNotice()).isEqualTo("rowlift: SIGINT is ignored in this process (it was started with it"
				+ " ignored, as a shell starts a script's background job 'rowlift ... &' with SIGINT ignored): Ctrl-C and kill -INT"
				+ " do not stop the service; stop it with kill -TERM PID, or start it with its default: env --default-signal=INT"
				+ " rowlift ...");

		GracefulStop both = GracefulStop.beforeStart(new java.io.PrintStream(new java.io.ByteArrayOutputStream()));
		both.ignored("TERM");
		both.ignored("INT");
		assertThat(both.ignoredNotice()).startsWith("rowlift: SIGTERM and SIGINT are ignored in this process")
			.contains("Ctrl-C, kill -INT and kill -TERM do not stop the service; stop it with kill -KILL PID (the next start"
					+ " resumes its load), or start it with their default: env --default-signal=TERM,INT rowlift ...");
	}

}
