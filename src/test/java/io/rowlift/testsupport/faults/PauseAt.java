package io.rowlift.testsupport.faults;

import java.io.PrintStream;

import io.rowlift.model.Checkpoints;

/**
 * Pauses a run for good at one checkpoint: prints {@code rowlift-test: paused at POINT} (the crash
 * tests wait for that line, then kill the process) and sleeps until the process ends. Every other
 * point passes. Thread-safe (immutable).
 */
public final class PauseAt implements Checkpoints {

	private final String point;

	private final PrintStream out;

	private final String resumeWhen;

	/**
	 * @param point the checkpoint to pause at, such as {@code index-drop}, {@code partition},
	 * {@code sort}, {@code index-build}, {@code index-rebuild}, {@code accounting} or {@code summary}
	 * @param out where the line goes (standard output in a run)
	 */
	public PauseAt(String point, PrintStream out) {
		this(point, out, null);
	}

	/** @param resumeWhen a file whose existence ends the pause ({@code rowlift.test.resume-when}); none: pause for good */
	public PauseAt(String point, PrintStream out, String resumeWhen) {
		this.point = point;
		this.out = out;
		this.resumeWhen = resumeWhen;
	}

	@Override
	public void reached(String point) {
		if (point.equals(this.point)) {
			this.out.println("rowlift-test: paused at " + point);
			this.out.flush();
			try {
				if (this.resumeWhen == null || this.resumeWhen.isBlank()) {
					Thread.sleep(Long.MAX_VALUE);
				}
				while (!java.nio.file.Files.exists(java.nio.file.Path.of(this.resumeWhen))) {
					Thread.sleep(5); // short: processes released by one file go on within milliseconds of each other
				}
				this.out.println("rowlift-test: resumed at " + point);
				this.out.flush();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
