package io.rowlift.cluster;

import java.util.List;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves out RabbitMQ's and Spring Integration's auto-configurations unless {@code rowlift.cluster.role}
 * is set: a local load, the inbox service and the other verbs start as they did before the cluster came
 * (no integration infrastructure, no broker health check). Registered in {@code META-INF/spring.factories}.
 */
public final class ClusterFilter implements AutoConfigurationImportFilter, EnvironmentAware {

	/** Packages of the auto-configurations only a cluster role uses. */
	static final List<String> CLUSTER_ONLY = List.of("org.springframework.boot.amqp.", "org.springframework.boot.integration.");

	private Environment environment;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public boolean[] match(String[] candidates, AutoConfigurationMetadata metadata) {
		boolean cluster = this.environment == null || ClusterRole.isSet(this.environment);
		boolean[] keep = new boolean[candidates.length];
		for (int i = 0; i < candidates.length; i++) {
			keep[i] = cluster || candidates[i] == null || CLUSTER_ONLY.stream().noneMatch(candidates[i]::startsWith);
		}
		return keep;
	}

}
