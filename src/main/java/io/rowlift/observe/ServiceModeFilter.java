package io.rowlift.observe;

import java.util.List;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

import io.rowlift.cluster.ClusterRole;
import io.rowlift.schedule.ServiceMode;

/**
 * Keeps a one-shot load as it was before Actuator joined the classpath: outside service mode, the
 * auto-configurations that Actuator, Micrometer, health, the web server and its JSON bring are dropped
 * by name, before any of their classes is loaded or any of their conditions evaluated. In service mode
 * it drops nothing. Registered in {@code META-INF/spring.factories}; Boot calls it once per start, on
 * the main thread.
 */
public final class ServiceModeFilter implements AutoConfigurationImportFilter, EnvironmentAware {

	/**
	 * Packages of the auto-configurations that serve the service only: the modules that
	 * spring-boot-starter-actuator, spring-boot-starter-webmvc and micrometer-registry-prometheus add, the
	 * health and metrics parts of modules a load uses (JDBC, Batch, RabbitMQ for a cluster's worker), and this package.
	 */
	static final List<String> SERVICE_ONLY = List.of("org.springframework.boot.actuate.",
			"org.springframework.boot.micrometer.", "org.springframework.boot.health.", "org.springframework.boot.tomcat.",
			"org.springframework.boot.webmvc.", "org.springframework.boot.servlet.", "org.springframework.boot.http.converter.",
			"org.springframework.boot.jackson.", "org.springframework.boot.jdbc.autoconfigure.health.",
			"org.springframework.boot.jdbc.autoconfigure.metrics.", "org.springframework.boot.batch.autoconfigure.observation.",
			"org.springframework.boot.amqp.autoconfigure.health.", "org.springframework.boot.amqp.autoconfigure.metrics.",
			"io.rowlift.observe.");

	private Environment environment;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public boolean[] match(String[] candidates, AutoConfigurationMetadata metadata) {
		boolean service = this.environment == null || ServiceMode.isOn(this.environment) || ClusterRole.isWorker(this.environment);
		boolean[] keep = new boolean[candidates.length];
		for (int i = 0; i < candidates.length; i++) {
			keep[i] = service || candidates[i] == null || !serviceOnly(candidates[i]);
		}
		return keep;
	}

	static boolean serviceOnly(String autoConfiguration) {
		for (String prefix : SERVICE_ONLY) {
			if (autoConfiguration.startsWith(prefix)) {
				return true;
			}
		}
		return false;
	}

}
