package io.rowlift.observe;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import io.rowlift.cluster.ClusterRole;
import io.rowlift.schedule.ServiceMode;

/**
 * Rowlift's defaults that depend on the mode, added as the property source of lowest precedence (every
 * config file, environment variable and option wins over them), after the config files were read so that
 * {@code rowlift.schedule.*} set there counts.
 *
 * <p>A cluster's worker ({@code rowlift.cluster.role=worker}) is a service too: it gets the same defaults.
 *
 * <p>A one-shot load is not a web application: no server, although Tomcat is on the classpath for the
 * service. The service is one whose only HTTP port is Actuator's: {@code management.server.port}
 * (default {@value #MANAGEMENT_PORT}; {@code -1} turns HTTP off), with {@code server.port=-1} so that no
 * second, empty application server listens. Only {@code health} and {@code prometheus} are exposed, and
 * health shows no details to anonymous callers (Boot's default, stated here for the reader).
 */
public final class ServiceModeEnvironment implements EnvironmentPostProcessor, Ordered {

	/** The name of the property source, as {@code /actuator/env} would list it. */
	public static final String SOURCE = "rowliftModeDefaults";

	/** The management port of the service unless {@code management.server.port} says otherwise. */
	public static final int MANAGEMENT_PORT = 8081;

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		environment.getPropertySources().addLast(new MapPropertySource(SOURCE, defaults(ServiceMode.isOn(environment) || ClusterRole.isWorker(environment))));
	}

	/** The defaults of a service ({@code service}) or of a one-shot load. */
	static Map<String, Object> defaults(boolean service) {
		Map<String, Object> defaults = new LinkedHashMap<>();
		if (!service) {
			defaults.put("spring.main.web-application-type", "none");
			return defaults;
		}
		defaults.put("spring.main.web-application-type", "servlet");
		defaults.put("server.port", "-1");
		defaults.put("management.server.port", String.valueOf(MANAGEMENT_PORT));
		defaults.put("management.endpoints.web.exposure.include", "health,prometheus");
		defaults.put("management.endpoint.health.show-details", "never");
		// /actuator/health/liveness (the process) and /readiness beside the whole health: a platform
		// that restarts on failed checks should watch liveness (docs/observability.md)
		defaults.put("management.endpoint.health.probes.enabled", "true");
		// the database pool starts its threads lazily, on whichever thread asks first, often a health
		// request of the management server; at the stop, that server's Tomcat then warns, with a stack
		// trace, that its web application "failed to stop" them: the pool's own close stops them a moment
		// later, so the warning is always false here
		defaults.put("logging.level.org.apache.catalina.loader.WebappClassLoaderBase", "error");
		return defaults;
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
