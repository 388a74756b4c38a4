package io.rowlift.testsupport;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Sets a property's tries from the system property {@value #KEY} when it is given, for the longer
 * runs of the differential property tests ({@code mvn -B verify -Drowlift.test.tries=200 ...}, see
 * docs/development.md); the annotation's tries otherwise. Added with
 * {@code @AddLifecycleHook(TriesFromSystemProperty.class)}.
 */
public final class TriesFromSystemProperty implements AroundPropertyHook {

	public static final String KEY = "rowlift.test.tries";

	@Override
	public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
		String tries = System.getProperty(KEY);
		if (tries != null && !tries.isBlank()) {
			context.attributes().setTries(Integer.parseInt(tries.strip()));
		}
		return property.execute();
	}

	@Override
	public int aroundPropertyProximity() {
		return -100; // outside the others: the attributes are read when the property starts
	}

}
