package io.rowlift.testsupport.faults;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import io.rowlift.job.CheckpointsAutoConfiguration;
import io.rowlift.model.Checkpoints;

/**
 * Test-only: {@code rowlift.test.pause-at=POINT} makes a run pause for good at that checkpoint
 * ({@link PauseAt}), so the crash tests can kill it at a known point of each phase. Off unless the
 * property is set; operators never set it. On the classpath of in-process tests, and of jar runs
 * through {@code -Dloader.path} ({@code RowliftJar}); listed in this module's test
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}. Ordered
 * before {@link CheckpointsAutoConfiguration}, whose no-op bean then stands back.
 */
@AutoConfiguration(before = CheckpointsAutoConfiguration.class)
@ConditionalOnProperty("rowlift.test.pause-at")
public class PauseAtAutoConfiguration {

	/** The pause inside the load ({@code load}) is a worker-step listener of {@link ReaderWriterFaults}. */
	@Bean
	Checkpoints pauseAt(Environment environment) {
		return new PauseAt(environment.getRequiredProperty("rowlift.test.pause-at"), System.out,
				environment.getProperty("rowlift.test.resume-when"));
	}

}
