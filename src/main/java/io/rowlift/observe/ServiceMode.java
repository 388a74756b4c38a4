package io.rowlift.observe;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether Rowlift runs as a service (contract: {@code rowlift.schedule.cron} or
 * {@code rowlift.schedule.fixed-delay} set and not blank) or loads once. Observability is decided from
 * the settings alone, before any bean exists, so a one-shot load pays for none of it.
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

	/** Matches in service mode; the condition report names the setting that decided. */
	static final class On extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return isOn(context.getEnvironment()) ? ConditionOutcome.match("service mode: " + CRON + " or " + FIXED_DELAY + " is set")
					: ConditionOutcome.noMatch("a one-shot load: neither " + CRON + " nor " + FIXED_DELAY + " is set");
		}

	}

}
