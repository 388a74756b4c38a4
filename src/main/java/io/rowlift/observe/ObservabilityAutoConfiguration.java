package io.rowlift.observe;

import java.time.Clock;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;

import io.micrometer.core.instrument.MeterRegistry;
import io.rowlift.schedule.ServiceMode;
import io.rowlift.load.IndexRestore;

/**
 * The service's health components ({@code inbox}, {@code tick}, {@code indexes}; Boot adds {@code db},
 * {@code diskSpace} and {@code ping}), its {@code info} section and its {@code rowlift_*} meters. Service
 * mode only: a one-shot load never reaches this class ({@link ServiceModeFilter} drops it by name; the
 * condition says the same for a context that has no filter). Spring Batch's job and step observations
 * come from Boot's own {@code BatchObservationAutoConfiguration}, on as soon as Actuator provides an
 * {@code ObservationRegistry}.
 *
 * <p>The activity and the meters are not lazy ({@code spring.main.lazy-initialization} is on for the
 * quick one-shot start): they must hear the first event, and every series should exist before it.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusMetricsExportAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration" })
@Conditional(ServiceMode.On.class)
public final class ObservabilityAutoConfiguration {

	@Bean
	@Lazy(false)
	InboxActivity inboxActivity() {
		return new InboxActivity(Clock.systemUTC());
	}

	@Bean
	@Lazy(false)
	@ConditionalOnBean(MeterRegistry.class)
	InboxMetrics inboxMetrics(MeterRegistry registry, InboxActivity activity) {
		return new InboxMetrics(registry, activity);
	}

	@Bean
	InboxHealthIndicator inboxHealthIndicator(Environment environment) {
		return new InboxHealthIndicator(environment.getProperty("rowlift.source.path"));
	}

	@Bean
	TickHealthIndicator tickHealthIndicator(InboxActivity activity) {
		return new TickHealthIndicator(activity);
	}

	@Bean
	IndexesHealthIndicator indexesHealthIndicator(IndexRestore indexes) {
		return new IndexesHealthIndicator(indexes);
	}

	@Bean
	ServiceReadiness serviceReadiness() {
		return new ServiceReadiness();
	}

	@Bean
	RowliftInfoContributor rowliftInfoContributor(Environment environment) {
		return new RowliftInfoContributor(environment);
	}

}
