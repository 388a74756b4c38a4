package io.rowlift.job.spring;

import java.util.List;

import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.infrastructure.item.ItemProcessor;
import org.springframework.batch.infrastructure.item.database.ItemSqlParameterSourceProvider;
import org.springframework.batch.infrastructure.item.file.mapping.FieldSetMapper;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Finds the user's Spring Batch beans for the load job ({@link SpringExtensions}). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SpringPipelineProperties.class)
public class SpringPipelineConfiguration {

	@Bean
	@SuppressWarnings("unchecked")
	SpringExtensions springExtensions(ObjectProvider<ItemProcessor<?, ?>> processors, ObjectProvider<FieldSetMapper<?>> mappers,
			ObjectProvider<ItemSqlParameterSourceProvider<?>> parameters, ObjectProvider<JobExecutionListener> jobListeners,
			ObjectProvider<StepExecutionListener> stepListeners, SpringPipelineProperties properties) {
		List<ItemProcessor<?, ?>> p = processors.orderedStream().toList();
		List<FieldSetMapper<?>> m = mappers.orderedStream().toList();
		List<ItemSqlParameterSourceProvider<?>> s = parameters.orderedStream().toList();
		String sql = properties.sql() == null || properties.sql().isBlank() ? null : properties.sql();
		return new SpringExtensions((ItemProcessor<Object, Object>) SpringExtensions.single(p, "ItemProcessor"),
				SpringExtensions.single(m, "FieldSetMapper"),
				(ItemSqlParameterSourceProvider<Object>) SpringExtensions.single(s, "ItemSqlParameterSourceProvider"),
				jobListeners.orderedStream().toList(), stepListeners.orderedStream().toList(), sql);
	}

}
