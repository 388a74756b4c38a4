package io.rowlift;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Says in the debug log ({@code logging.level.io.rowlift=debug}) whether this JVM started from the class
 * cache it was given: {@code bin/rowlift}'s ahead-of-time cache ({@code -XX:AOTCache}, Java 25 or newer)
 * or class-data sharing archive ({@code -XX:SharedArchiveFile}, Java 17-24).
 *
 * <p>Why: the JVM skips a cache it cannot use (made by another JVM build, for another classpath or other
 * options, or damaged) without a word once its own log is off, as {@code bin/rowlift} turns it off so that
 * the output stays {@code java -jar}'s; the run then only starts slower, and this line is where that shows.
 * The AOT cache stands in for the JDK's own archive, so a JVM that skipped it shares no classes at all and
 * {@code java.vm.info} lacks "sharing"; a skipped archive on Java 17-24 leaves the JDK's archive in use, so
 * there the line can say only that the JVM shares classes. Read only when debug is on (the JVM's arguments
 * come from the management classes, which take time to load). Stateless.
 */
final class LaunchCache implements ApplicationListener<ApplicationStartedEvent> {

	private static final Log log = LogFactory.getLog(LaunchCache.class);

	@Override
	public void onApplicationEvent(ApplicationStartedEvent event) {
		if (log.isDebugEnabled()) {
			log.debug(describe(ManagementFactory.getRuntimeMXBean().getInputArguments(), System.getProperty("java.vm.info", "")));
		}
	}

	/**
	 * @param jvmArguments the JVM's own arguments (the runtime MXBean's input arguments)
	 * @param vmInfo the system property {@code java.vm.info} ("mixed mode, sharing" when classes are shared)
	 * @return the line to log
	 */
	static String describe(List<String> jvmArguments, String vmInfo) {
		boolean sharing = vmInfo.contains("sharing");
		Optional<String> aot = valueOf(jvmArguments, "-XX:AOTCache=");
		if (aot.isPresent()) {
			return sharing ? "start-up: the JVM used the ahead-of-time cache " + aot.get()
					: "start-up: the JVM did not use the ahead-of-time cache " + aot.get() + " (made by another JVM build,"
							+ " for another classpath or other JVM options, or damaged; -Xlog:aot says which), so this start"
							+ " loaded and linked every class itself and was slower; bin/rowlift makes a cache for each jar"
							+ " and java it meets: delete that cache's folder and the next start makes it again";
		}
		Optional<String> archive = valueOf(jvmArguments, "-XX:SharedArchiveFile=");
		if (archive.isPresent()) {
			return sharing ? "start-up: the JVM shares classes, from the class-data archive " + archive.get()
					+ " unless it skipped it for the JDK's own (-Xlog:cds says which)"
					: "start-up: the JVM did not use the class-data archive " + archive.get() + " (-Xlog:cds says why),"
							+ " so this start was slower; delete that archive's folder and the next bin/rowlift start makes it again";
		}
		return "start-up: no class cache was given (java -jar): bin/rowlift starts faster (docs/benchmarks.md, Start-up)";
	}

	private static Optional<String> valueOf(List<String> jvmArguments, String option) {
		String found = null;
		for (String argument : jvmArguments) {
			if (argument.startsWith(option)) {
				found = argument.substring(option.length()); // the last one counts, as for the JVM
			}
		}
		return Optional.ofNullable(found);
	}

}
