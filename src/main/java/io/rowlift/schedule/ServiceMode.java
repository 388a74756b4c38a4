package io.rowlift.schedule;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether the {@code load} verb runs once or as a service (contract: {@code rowlift.schedule.cron} or
 * {@code rowlift.schedule.fixed-delay} set, not blank, makes it a service; no other verb). The one place
 * that decides it, from the settings alone, before any bean is made: the command line ({@link Off}
 * guards the one-shot {@code load} bean), the schedule package ({@link On} guards the service's beans)
 * and the observe package (Actuator and its defaults, on for the service only) all ask here, so a
 * one-shot load defines none of the service's beans and starts as fast as ever.
 *
 * <p>In {@code schedule} because it decides whether the service runs; {@code cli} and {@code observe}
 * sit above {@code schedule} and ask here, and {@code schedule} depends on neither.
 */
public final class ServiceMode {

	/** The setting that schedules the service with Spring's cron syntax. */
	public static final String CRON = "rowlift.schedule.cron";

	/** The setting that schedules the service with a pause between ticks. */
	public static final String FIXED_DELAY = "rowlift.schedule.fixed-delay";

	private ServiceMode() {
	}

	/** Whether the settings ask for the service. */
	public static boolean isOn(PropertyResolver settings) {
		return hasText(settings.getProperty(CRON)) || hasText(settings.getProperty(FIXED_DELAY));
	}

	private static boolean hasText(String value) {
		return value != null && !value.isBlank();
	}

	private static ConditionOutcome outcome(ConditionContext context, boolean wantService) {
		boolean service = isOn(context.getEnvironment());
		String why = service ? "service mode: " + CRON + " or " + FIXED_DELAY + " is set"
				: "a one-shot load: neither " + CRON + " nor " + FIXED_DELAY + " is set";
		return service == wantService ? ConditionOutcome.match(why) : ConditionOutcome.noMatch(why);
	}

	/** Matches when the service is asked for; the condition report names the setting that decided. */
	public static final class On extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return outcome(context, true);
		}

	}

	/** Matches when it is not: a one-shot load. */
	public static final class Off extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return outcome(context, false);
		}

	}

}
