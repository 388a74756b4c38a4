package io.rowlift.cli;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;

import io.rowlift.job.LoadLauncher;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT (Ctrl-C) during a load: the first asks the load to stop at its next chunk
 * boundary (its partitions commit what they have and end STOPPED, the command exits 1, and the same
 * command resumes it); a second one ends the process at once, which is as safe as {@code kill -9}.
 * The JVM's own handling (run shutdown hooks, exit 143) is replaced while a load runs, because it
 * would close the database pool under the running chunks. The scheduled service passes a hook that
 * the first signal also runs (it then starts no further load and ends).
 */
public final class GracefulStop {

	private final LoadLauncher launcher;

	private final PrintStream err;

	private final AtomicInteger signals = new AtomicInteger();

	private final Runnable onSignal;

	GracefulStop(LoadLauncher launcher, PrintStream err) {
		this(launcher, err, () -> {
		});
	}

	/** @param onSignal run on the first signal, before the load is asked to stop */
	public GracefulStop(LoadLauncher launcher, PrintStream err, Runnable onSignal) {
		this.launcher = launcher;
		this.err = err;
		this.onSignal = onSignal;
	}

	/** Installs the handlers; returns false where the JVM does not allow it (then signals end the process). */
	public boolean install() {
		try {
			Signal.handle(new Signal("TERM"), this::handle);
			Signal.handle(new Signal("INT"), this::handle);
			return true;
		}
		catch (IllegalArgumentException | UnsupportedOperationException ex) {
			return false;
		}
	}

	private void handle(Signal signal) {
		if (this.signals.incrementAndGet() > 1) {
			this.err.println("rowlift: SIG" + signal.getName() + " again: exiting now; the same command resumes from the last commit");
			this.err.flush();
			Runtime.getRuntime().halt(1);
		}
		this.err.println("rowlift: SIG" + signal.getName() + " received: stopping at the next chunk boundary "
				+ "(send it again to exit at once); the same command resumes the load");
		this.err.flush();
		this.onSignal.run();
		Thread stopper = new Thread(() -> {
			// the job may not be registered as running yet: keep asking until it stops or ends
			while (!this.launcher.stopRunningLoad() && this.launcher.isLoading()) {
				try {
					Thread.sleep(200);
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		}, "rowlift-stop");
		stopper.setDaemon(true);
		stopper.start();
	}

}
