package io.rowlift;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.web.server.PortInUseException;

/**
 * A problem Rowlift reports to its operator with a definite process exit code (see the contract's
 * exit-code table). The message is shown as it is, so it must name the place, the problem and the fix.
 */
public class RowliftException extends RuntimeException {

	/** Exit code for bad configuration or input found before anything was written. */
	public static final int BAD_INPUT = 2;

	/** Exit code for a refused run: already loaded, file changed, another run active. */
	public static final int REFUSED = 3;

	private final int exitCode;

	public RowliftException(int exitCode, String message) {
		super(message);
		this.exitCode = exitCode;
	}

	public RowliftException(int exitCode, String message, Throwable cause) {
		super(message, cause);
		this.exitCode = exitCode;
	}

	public static RowliftException badInput(String message) {
		return new RowliftException(BAD_INPUT, message);
	}

	/**
	 * A setting whose value is out of its range (exit 2), as {@code rowlift.job.partitions is 0; it must be
	 * between 1 and 4096}: the key, the value and what it may be. Thrown by the properties records' own
	 * constructors, so that a bad value is refused when the settings bind, before any run is decided.
	 * @param allowed what the value may be, as the end of the sentence "it must be ..."
	 */
	public static RowliftException badSetting(String key, Object value, String allowed) {
		return badInput(key + " is " + value + "; it must be " + allowed);
	}

	public static RowliftException refused(String message) {
		return new RowliftException(REFUSED, message);
	}

	public int exitCode() {
		return this.exitCode;
	}

	/**
	 * The exit code a failure stands for: that of the first {@code RowliftException} among its causes;
	 * else {@value #BAD_INPUT} when a setting did not bind or the management port ({@code management.server.port})
	 * is taken by another process (nothing was written, and a setting fixes it); else 1.
	 */
	public static int exitCodeOf(Throwable failure) {
		for (Throwable t = failure; t != null; t = t.getCause()) {
			if (t instanceof RowliftException rowlift) {
				return rowlift.exitCode();
			}
			if (t instanceof BindException || t instanceof PortInUseException) {
				return BAD_INPUT;
			}
		}
		return 1;
	}

}
