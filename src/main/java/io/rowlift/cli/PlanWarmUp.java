package io.rowlift.cli;

import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.context.ApplicationListener;

import io.rowlift.job.StoredPlan;

/**
 * Starts {@link StoredPlan#warmUp()} as the application starts, when the command line runs {@code load}
 * (the verbs that do not load leave it alone). Registered in {@code META-INF/spring.factories}, so it
 * hears {@link ApplicationStartingEvent}, the earliest one, before the context exists.
 */
public final class PlanWarmUp implements ApplicationListener<ApplicationStartingEvent> {

	@Override
	public void onApplicationEvent(ApplicationStartingEvent event) {
		if (RowliftRunner.runsTheDefaultVerb(event.getArgs())) {
			StoredPlan.warmUp();
		}
	}

}
