package io.rowlift.model;

/**
 * Named points of a run (a phase reached, a step about to commit) that production code announces and
 * that nothing in production listens to: the bean is {@link #NONE} unless a test configuration
 * registers another (fault injection: pause there, fail there). Production code calls it at most;
 * it never decides anything from it.
 *
 * <p>Implementations must be thread-safe: partitions announce points from their own threads.
 */
@FunctionalInterface
public interface Checkpoints {

	/** Listens to nothing; what a run gets unless a test configuration says otherwise. */
	Checkpoints NONE = point -> {
	};

	/**
	 * Announces that the run reached {@code point} (a phase name such as {@code index-drop} or
	 * {@code sort}; the points are listed where they are announced).
	 */
	void reached(String point);

}
