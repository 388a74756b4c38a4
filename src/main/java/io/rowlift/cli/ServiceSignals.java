package io.rowlift.cli;

import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;

import io.rowlift.load.GracefulStop;
import io.rowlift.schedule.ServiceMode;

/**
 * Takes over SIGTERM and SIGINT for the service from its first moments: when the context is prepared,
 * before it is refreshed, as soon as the settings say it is a service ({@link ServiceMode}) and the
 * command line runs {@code load}. Its management port answers, and the service looks ready, before its
 * command ({@link io.rowlift.schedule.InboxService}) runs; a platform that stopped it then used to meet the JVM's own
 * handling: Spring's shutdown hook closed the context under the starting service and the process ended
 * with 143, not the contract's 0. Now such a signal is remembered, and the service ends, once started,
 * without a tick. The stop is the bean {@value #BEAN}, which the service attaches to. A one-shot load,
 * and any other verb, is left alone. Registered in {@code META-INF/spring.factories}.
 */
public final class ServiceSignals implements ApplicationListener<ApplicationPreparedEvent> {

	/** The name of the {@link GracefulStop} bean. */
	public static final String BEAN = "rowliftGracefulStop";

	@Override
	public void onApplicationEvent(ApplicationPreparedEvent event) {
		ConfigurableApplicationContext context = event.getApplicationContext();
		if (!ServiceMode.isOn(context.getEnvironment()) || !RowliftRunner.runsTheDefaultVerb(event.getArgs())
				|| context.getBeanFactory().containsSingleton(BEAN)) {
			return;
		}
		GracefulStop stop = GracefulStop.beforeStart(System.err);
		stop.install();
		String ignored = stop.ignoredNotice();
		if (ignored != null) {
			System.err.println(ignored); // said at the start: a stop that cannot come is found out only when it is needed
		}
		context.getBeanFactory().registerSingleton(BEAN, stop);
	}

}
