package io.rowlift.cli;

/**
 * One verb of the command line, {@code rowlift VERB --key=value ...}: a bean named
 * {@link #beanName beanName(VERB)}. {@link RowliftRunner} resolves only the verb asked for, so the
 * beans a verb needs (and the settings they bind) are made for that verb alone, and a setting that
 * does not bind is reported as the verb starts. A new verb is one small class and one bean.
 */
@FunctionalInterface
public interface Verb {

	/** The verb run when the command line names none. */
	String DEFAULT = "load";

	/** What a verb's bean name starts with (a constant, so that {@code @Bean} names can use it). */
	String BEAN_PREFIX = "rowlift.verb.";

	/** The bean name of {@code verb}. */
	static String beanName(String verb) {
		return BEAN_PREFIX + verb;
	}

	/**
	 * Runs the verb: its outcome on standard output, problems on standard error.
	 *
	 * @return the process exit code of the contract (0, 1, 2, 3)
	 */
	int run();

}
