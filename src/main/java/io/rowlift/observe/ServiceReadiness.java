package io.rowlift.observe;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Declares the service ready as soon as the application has started. Boot does so only when the
 * command runners have returned, and the service's runner returns only when the service stops: without
 * this, readiness (and with it the whole health, which includes it) would stay OUT_OF_SERVICE for the
 * service's whole life. The service takes no traffic but Actuator's, which is up by then.
 */
public final class ServiceReadiness implements ApplicationListener<ApplicationStartedEvent> {

	@Override
	public void onApplicationEvent(ApplicationStartedEvent event) {
		AvailabilityChangeEvent.publish(event.getApplicationContext(), ReadinessState.ACCEPTING_TRAFFIC);
	}

}
