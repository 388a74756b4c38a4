package io.rowlift.cli;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether the {@code load} verb runs once or as a service (contract: {@code rowlift.schedule.cron} or
 * {@code rowlift.schedule.fixed-delay} set, not blank, makes it a service; no other verb). Decided from
 * the settings before any bean is made, so a one-shot load defines none of the service's beans and
 * starts as fast as ever: {@link Off} guards the one-shot {@code load} bean, {@link On} the service's.
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

	/** Matches when the service is asked for. */
	public static final class On implements Condition {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return isOn(context.getEnvironment());
		}

	}

	/** Matches when it is not: a one-shot load. */
	public static final class Off implements Condition {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return !isOn(context.getEnvironment());
		}

	}

}
