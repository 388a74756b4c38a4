package io.rowlift.model;

import java.util.Optional;

/**
 * Tells a bug in Rowlift's own code from the failures a database, a disk or a file cause: an
 * unchecked JDK exception ({@code IllegalStateException}, {@code ArrayIndexOutOfBoundsException},
 * {@code NullPointerException}, an {@code AssertionError} ...) whose first frame outside the JDK is
 * Rowlift's ({@code io.rowlift.}), wherever it sits in a failure's causes. A driver that wraps such an
 * exception thrown by Rowlift's code inside its call (a LOAD DATA stream read by Connector/J, which then
 * reports a communications failure) does not make it a lost connection: the failure is Rowlift's.
 * Out-of-memory and other virtual machine errors are not bugs of code. Stateless.
 */
public final class CodeFault {

	private CodeFault() {
	}

	/** The first of {@code failure}'s causes (itself included) that is a bug in Rowlift's code, if any. */
	public static Optional<Throwable> find(Throwable failure) {
		int depth = 0;
		for (Throwable t = failure; t != null && depth < 64; t = t.getCause() == t ? null : t.getCause(), depth++) {
			if (isOurs(t)) {
				return Optional.of(t);
			}
		}
		return Optional.empty();
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
