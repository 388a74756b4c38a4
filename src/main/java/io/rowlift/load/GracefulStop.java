package io.rowlift.load;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGTERM and SIGINT (Ctrl-C) during a load: the first asks the load to stop at its next chunk
 * boundary (its partitions commit what they have and end STOPPED, the command exits 1, and the same
 * command resumes it); a second one ends the process at once, which is as safe as {@code kill -9}.
 * The JVM's own handling (run shutdown hooks, exit 143) is replaced, because it would close the
 * database pool under the running chunks and end the process with a code the contract does not know.
 *
 * <p>The one-shot load installs it when it starts. The scheduled service installs it before its
 * context is even refreshed ({@link #beforeStart}), because its management port answers, and a platform
 * may send SIGTERM, before its command runs: a signal that comes before the service {@link #attach
 * attaches} its launcher is remembered, and the service then ends as soon as it has started, without a
 * tick (exit 0). The service's hook ({@code onSignal}) runs on the first signal (it then starts no
 * further load and ends). Thread-safe.
 */
public final class GracefulStop {

	private final PrintStream err;

	private final AtomicInteger signals = new AtomicInteger();

	/** Null until {@link #attach}; guarded by this. */
	private LoadService launcher;

	/** Guarded by this. */
	private Runnable onSignal = () -> {
	};

	/** Guarded by this. */
	private boolean installed;

	/** The signals this process ignores (so they stop nothing), found by {@link #install}; guarded by this. */
	private final List<String> ignored = new ArrayList<>();

	/** Whether this stops a service, which may be between loads when a signal comes (else one load). */
	private final boolean service;

	private GracefulStop(PrintStream err, boolean service) {
		this.err = err;
		this.service = service;
	}

	/** The stop of one load (the one-shot {@code load} verb): install it, then run the load. */
	public GracefulStop(LoadService launcher, PrintStream err) {
		this(err, false);
		attach(launcher, () -> {
		});
	}

	/** A stop with no load to stop yet: install it at once, {@link #attach} the launcher when it exists. */
	public static GracefulStop beforeStart(PrintStream err) {
		return new GracefulStop(err, true);
	}

	/**
	 * Installs the handlers (again: nothing happens); returns false where the JVM does not allow it (then
	 * signals end the process the JVM's way, exit 143).
	 */
	public synchronized boolean install() {
		if (this.installed) {
			return true;
		}
		try {
			for (String name : List.of("TERM", "INT")) {
				// a signal ignored when the JVM started stays ignored: the JVM installs no handler for it and
				// answers with SIG_IGN (a script's background job, "rowlift ... &", gets SIGINT that way)
				if (Signal.handle(new Signal(name), signal -> handle(signal.getName())) == SignalHandler.SIG_IGN) {
					this.ignored.add("SIG" + name);
				}
			}
			this.installed = true;
			return true;
		}
		catch (IllegalArgumentException | UnsupportedOperationException ex) {
			return false;
		}
	}

	/** Records {@code SIG<name>} as ignored, as {@link #install} finds it (a test does it without such a process). */
	synchronized void ignored(String name) {
		this.ignored.add("SIG" + name);
	}

	/**
	 * The line saying which of SIGTERM and SIGINT this process ignores and what that means, or null when
	 * it ignores neither (or {@link #install} did not run). A process started with a signal ignored keeps
	 * it ignored: a script's {@code rowlift ... &} ignores SIGINT, {@code nohup} or a supervisor may too.
	 */
	public synchronized String ignoredNotice() {
		if (this.ignored.isEmpty()) {
			return null;
		}
		boolean both = this.ignored.size() == 2;
		boolean interrupt = this.ignored.contains("SIGINT");
		String which = String.join(" and ", this.ignored);
		String names = String.join(",", this.ignored.stream().map(name -> name.substring(3)).toList());
		return "rowlift: " + which + (both ? " are" : " is") + " ignored in this process (it was started with "
				+ (both ? "them" : "it") + " ignored, as a shell starts a script's background job 'rowlift ... &' with SIGINT"
				+ " ignored): " + (both ? "Ctrl-C, kill -INT and kill -TERM do" : interrupt ? "Ctrl-C and kill -INT do" : "kill -TERM does")
				+ " not stop the service; stop it with " + (both ? "kill -KILL PID (the next start resumes its load)"
						: interrupt ? "kill -TERM PID" : "kill -INT PID")
				+ ", or start it with " + (both ? "their" : "its") + " default: env --default-signal=" + names + " rowlift ...";
	}

	/**
	 * What a signal stops: the running load of {@code launcher}, after {@code onSignal}. When a signal
	 * came already, both happen now.
	 */
	public synchronized void attach(LoadService launcher, Runnable onSignal) {
		this.launcher = launcher;
		this.onSignal = onSignal;
		if (this.signals.get() > 0) {
			stop();
		}
	}

	/** What a signal named {@code SIG<name>} does (the handler's body; a test calls it without a signal). */
	void handle(String name) {
		if (this.signals.incrementAndGet() > 1) {
			this.err.println("rowlift: SIG" + name + " again: exiting now; the same command resumes from the last commit");
			this.err.flush();
			Runtime.getRuntime().halt(1);
		}
		synchronized (this) {
			if (this.launcher == null) {
				this.err.println("rowlift: SIG" + name + " received while starting: ending as soon as started, "
						+ "before any load (send it again to exit at once)");
				this.err.flush();
				return; // attach() stops what it brings
			}
			if (this.service && !this.launcher.isLoading()) {
				this.err.println("rowlift: SIG" + name + " received between loads: no further tick starts, the service ends");
			}
			else {
				this.err.println("rowlift: SIG" + name + " received: stopping at the next chunk boundary "
						+ "(send it again to exit at once); the same command resumes the load");
			}
			this.err.flush();
			stop();
		}
	}

	private void stop() {
		this.onSignal.run();
		LoadService loads = this.launcher;
		Thread stopper = new Thread(() -> {
			// the job may not be registered as running yet: keep asking until it stops or ends
			while (!loads.stopRunningLoad() && loads.isLoading()) {
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
