package io.rowlift.job;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.rowlift.model.Checkpoints;

/**
 * The run's {@link Checkpoints}: {@link Checkpoints#NONE} unless another bean is defined. An
 * auto-configuration (listed in {@code META-INF/spring/...AutoConfiguration.imports}) rather than a
 * plain configuration because the condition must be evaluated after every other configuration, the
 * tests' fault-injection auto-configurations included (they order themselves before this one).
 */
@AutoConfiguration
public class CheckpointsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	Checkpoints checkpoints() {
		return Checkpoints.NONE;
	}

}
