package io.rowlift.cluster;

import java.util.Locale;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * A process's part in a cluster ({@value #SETTING}): none (a local load, the default), the manager of a
 * load, or a worker that serves partitions. Read from the settings alone, before any bean is made, by
 * the conditions below, the command line and the observability.
 */
public enum ClusterRole {

	/** Plans a load, sends its partitions to the workers, waits for them, rebuilds the indexes and accounts. */
	MANAGER,

	/** Runs partitions of any load a manager sends, until stopped. */
	WORKER;

	/** The setting. */
	public static final String SETTING = "rowlift.cluster.role";

	/** The role the settings name, or null for none. */
	public static ClusterRole of(PropertyResolver settings) {
		String value = settings.getProperty(SETTING);
		if (value == null || value.isBlank()) {
			return null;
		}
		try {
			return valueOf(value.trim().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			return null; // the binding of ClusterProperties says what is wrong, with exit 2
		}
	}

	/** Whether the settings make this process a worker. */
	public static boolean isWorker(PropertyResolver settings) {
		return of(settings) == WORKER;
	}

	/** Whether the settings name any role. */
	public static boolean isSet(PropertyResolver settings) {
		String value = settings.getProperty(SETTING);
		return value != null && !value.isBlank();
	}

	private static ConditionOutcome outcome(ConditionContext context, ClusterRole wanted, boolean none) {
		ClusterRole role = of(context.getEnvironment());
		boolean match = none ? !isSet(context.getEnvironment()) : role == wanted;
		String why = SETTING + " is " + (isSet(context.getEnvironment()) ? context.getEnvironment().getProperty(SETTING) : "not set");
		return match ? ConditionOutcome.match(why) : ConditionOutcome.noMatch(why);
	}

	/** Matches in the manager. */
	public static final class Manager extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return outcome(context, MANAGER, false);
		}

	}

	/** Matches in a worker. */
	public static final class Worker extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return outcome(context, WORKER, false);
		}

	}

	/** Matches when no role is set: a local load. */
	public static final class None extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return outcome(context, null, true);
		}

	}

}
