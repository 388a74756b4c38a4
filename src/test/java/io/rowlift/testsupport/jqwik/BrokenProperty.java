package io.rowlift.testsupport.jqwik;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A property that is false on purpose, for {@link io.rowlift.JqwikPlatformTests} only: its name does not end in
 * {@code Tests}, so neither surefire nor failsafe runs it; that test runs it through the JUnit Platform launcher and
 * checks that jqwik reports it failed, shrunk to its smallest counterexample. Not a test of Rowlift.
 */
public class BrokenProperty {

	/** The value every counterexample shrinks to: the smallest int the property is false for. */
	public static final int SMALLEST_COUNTEREXAMPLE = 10;

	@Property(seed = "42")
	boolean everyIntIsBelowTen(@ForAll @IntRange(min = 0, max = 10_000) int value) {
		return value < SMALLEST_COUNTEREXAMPLE;
	}

}
