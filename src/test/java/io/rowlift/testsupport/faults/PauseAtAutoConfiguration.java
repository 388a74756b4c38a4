package io.rowlift.testsupport.faults;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

import io.rowlift.job.CheckpointsAutoConfiguration;
import io.rowlift.model.Checkpoints;

/**
 * Test-only: {@code rowlift.test.pause-at=POINT} makes a run pause for good at that checkpoint
 * ({@link PauseAt}), so the crash tests can kill it at a known point of each phase. Off unless the
 * property is set; operators never set it. On the classpath of in-process tests, and of jar runs
 * through {@code -cp} or {@code -Dloader.path} ({@code RowliftJar}); listed in this module's test
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}. Ordered
 * before {@link CheckpointsAutoConfiguration}, whose no-op bean then stands back.
 *
 * <p>One point is not a checkpoint of a run: {@value #STARTED}, after the application has started (the
 * service's management port answers and its readiness is up) and before its command runs.
 */
@AutoConfiguration(before = CheckpointsAutoConfiguration.class)
@ConditionalOnProperty("rowlift.test.pause-at")
public class PauseAtAutoConfiguration {

	/** The pause point between the application's start and its command. */
	public static final String STARTED = "started";

	/** The pause inside the load ({@code load}) is a worker-step listener of {@link ReaderWriterFaults}. */
	@Bean
	Checkpoints pauseAt(Environment environment) {
		return new PauseAt(environment.getRequiredProperty("rowlift.test.pause-at"), System.out,
				environment.getProperty("rowlift.test.resume-when"));
	}

	/** The pause at {@value #STARTED}: a command runner that runs before the application's own. */
	@Bean
	@ConditionalOnProperty(name = "rowlift.test.pause-at", havingValue = STARTED)
	ApplicationRunner pauseWhenStarted(Checkpoints pauseAt) {
		return new PauseFirst(pauseAt);
	}

	private record PauseFirst(Checkpoints pauseAt) implements ApplicationRunner, Ordered {

		@Override
		public void run(ApplicationArguments args) {
			this.pauseAt.reached(STARTED);
		}

		@Override
		public int getOrder() {
			return Ordered.HIGHEST_PRECEDENCE;
		}

	}

}
