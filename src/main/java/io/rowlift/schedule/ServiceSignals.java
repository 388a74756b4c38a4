package io.rowlift.schedule;

import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

import io.rowlift.cli.GracefulStop;
import io.rowlift.cli.ServiceMode;

/**
 * Takes over SIGTERM and SIGINT for the service from its first moments: before the context is
 * refreshed, as soon as the settings say it is a service ({@link ServiceMode}). Its management port
 * answers, and the service looks ready, before its command ({@link InboxService}) runs; a platform that
 * stops it then used to meet the JVM's own handling: Spring's shutdown hook closed the context under the
 * starting service and the process ended with 143, not the contract's 0. Now such a signal is
 * remembered, and the service ends, once started, without a tick. The stop is the bean {@value #BEAN},
 * which the service attaches to. A one-shot load is left alone (it installs its own when it starts).
 * Registered in {@code META-INF/spring.factories}.
 */
public final class ServiceSignals implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	/** The name of the {@link GracefulStop} bean. */
	public static final String BEAN = "rowliftGracefulStop";

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		if (!ServiceMode.isOn(context.getEnvironment()) || context.getBeanFactory().containsSingleton(BEAN)) {
			return;
		}
		GracefulStop stop = GracefulStop.beforeStart(System.err);
		stop.install();
		context.getBeanFactory().registerSingleton(BEAN, stop);
	}

}
