package io.rowlift.model;

import java.util.Optional;

/**
 * Tells a bug in Rowlift's own code from the failures a database, a disk or a file cause: an
 * unchecked JDK exception ({@code IllegalStateException}, {@code ArrayIndexOutOfBoundsException},
 * {@code NullPointerException}, an {@code AssertionError} ...) whose first frame outside the JDK is
 * Rowlift's ({@code io.rowlift.}), at the root of a failure's causes. A driver that wraps such an
 * exception thrown by Rowlift's code inside its call (a LOAD DATA stream read by Connector/J, which then
 * reports a communications failure) does not make it a lost connection: the failure is Rowlift's.
 * Out-of-memory and other virtual machine errors are not bugs of code. Stateless.
 */
public final class CodeFault {

	private CodeFault() {
	}

	/**
	 * The root cause of {@code failure} when it is a bug in Rowlift's code, if so. Only the root counts: a
	 * JDK exception that carries a cause is a wrapper (ours or a library's) around what went wrong.
	 */
	public static Optional<Throwable> find(Throwable failure) {
		Throwable root = failure;
		for (int depth = 0; root != null && root.getCause() != null && root.getCause() != root && depth < 64; depth++) {
			root = root.getCause();
		}
		return root != null && isOurs(root) ? Optional.of(root) : Optional.empty();
	}

	/** Whether {@code t} itself (not its causes) is a bug in Rowlift's code. */
	static boolean isOurs(Throwable t) {
		if (!(t instanceof RuntimeException || t instanceof Error) || t instanceof VirtualMachineError
				|| t instanceof java.io.UncheckedIOException) {
			return false;
		}
		String type = t.getClass().getName();
		if (!type.startsWith("java.")) {
			return false; // a driver's, Spring's, or one of Rowlift's own failures that carry their message
		}
		for (StackTraceElement frame : t.getStackTrace()) {
			String at = frame.getClassName();
			if (at.startsWith("java.") || at.startsWith("jdk.") || at.startsWith("sun.") || at.startsWith("com.sun.")) {
				continue;
			}
			return at.startsWith("io.rowlift.");
		}
		return t.getStackTrace().length == 0; // a trace the JVM left out (a hot throw): only Rowlift's code runs bare JDK calls here
	}

}
