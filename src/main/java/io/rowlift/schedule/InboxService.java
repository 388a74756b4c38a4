package io.rowlift.schedule;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.scheduling.support.CronExpression;

import io.rowlift.RowliftException;
import io.rowlift.model.PrintableName;
import io.rowlift.load.GracefulStop;
import io.rowlift.job.JobProperties;
import io.rowlift.load.LoadRequest;
import io.rowlift.load.LoadResult;
import io.rowlift.load.IndexRestore;
import io.rowlift.load.LoadService;
import io.rowlift.load.ReservedTargets;
import io.rowlift.load.TableClaim;
import io.rowlift.report.LoadSummary;

/**
 * The {@code load} verb in service mode (docs/scheduled-runs.md): stays up and, on each tick of the
 * schedule, loads every complete file of the inbox, one at a time, each as one load of
 * {@link LoadService} (same job, promises, summary and reject files as a one-shot load). Ticks run
 * on the calling thread, so they never overlap and a long tick delays the next one.
 *
 * <p>This class is the schedule: the settings checked at start, the ticks, the stop. What becomes of each file
 * of a tick, in the tick's order (its settling, its table, its claim under the table's run lock, the
 * {@link InboxLedger}'s decision, the load, the file moves), is {@link InboxClaims}'s. Every outcome is published as
 * an {@link InboxEvent}, and a tick ends with {@link InboxEvent.TickCompleted}.
 *
 * <p>SIGTERM or SIGINT ({@link GracefulStop}): no further file is started, the running load stops at
 * its next chunk boundary and resumes at the next start; the service ends with exit 0, or 1 when it
 * stopped a load. Not thread-safe beyond {@link #stop}, which any thread may call.
 */
public final class InboxService {

	private static final Log log = LogFactory.getLog(InboxService.class);

	private final ScheduleProperties schedule;

	private final String sourcePath;

	private final String targetTable;

	private final ReservedTargets reserved;

	private final JobProperties job;

	private final BiFunction<Path, String, LoadRequest> perFile;

	private final LoadService loads;

	private final InboxLedger ledger;

	private final ApplicationEventPublisher events;

	private final List<String> refusedSettings;

	private final GracefulStop signals;

	private final Clock clock;

	private final IndexRestore indexes;

	private final PrintStream err = System.err;

	private final Object wake = new Object();

	private volatile boolean stopping;

	private Inbox inbox;

	private Path archive;

	/** What becomes of each file of a tick; made by {@link #prepare}. */
	private InboxClaims claims;

	/**
	 * @param perFile the load request for one file and table (the same settings, with the file as
	 * {@code rowlift.source.path} and the table as {@code rowlift.target.table})
	 * @param refusedSettings settings that make no sense in service mode and are set (exit 2 at start)
	 * @param signals SIGTERM and SIGINT, installed already ({@link ServiceSignals}) or when the service runs
	 * @param indexes puts back the indexes of a load whose file moves to {@code failed/}
	 * @param reserved the tables no file may be loaded into
	 */
	InboxService(ScheduleProperties schedule, String sourcePath, String targetTable, JobProperties job,
			BiFunction<Path, String, LoadRequest> perFile, LoadService loads, InboxLedger ledger,
			ApplicationEventPublisher events, List<String> refusedSettings, GracefulStop signals, Clock clock,
			IndexRestore indexes, ReservedTargets reserved) {
		this.reserved = reserved;
		this.indexes = indexes;
		this.schedule = schedule;
		this.sourcePath = sourcePath;
		this.targetTable = targetTable;
		this.job = job;
		this.perFile = perFile;
		this.loads = loads;
		this.ledger = ledger;
		this.events = events;
		this.refusedSettings = refusedSettings;
		this.signals = signals;
		this.clock = clock;
	}

	/**
	 * Runs the service until a stop: the {@code load} verb in service mode.
	 * @return the exit code of the contract: 0, 1 when it stopped a load, 2 for settings that make no sense
	 */
	public int run() {
		Trigger trigger;
		try {
			trigger = prepare();
		}
		catch (RowliftException ex) {
			this.err.println("rowlift: " + ex.getMessage());
			return ex.exitCode();
		}
		this.signals.install();
		this.signals.attach(this.loads, this::stop); // a signal that came while starting stops it now
		log.info("service mode: watching " + PrintableName.of(this.inbox.folder().resolve(Path.of(this.sourcePath).getFileName())) + " ("
				+ trigger + "), settle " + this.schedule.settle() + ", loaded files "
				+ (this.archive == null ? "stay in place" : "move to " + this.archive) + ", failed files move to "
				+ this.inbox.failedFolder() + " after " + this.schedule.maxAttempts() + " attempt(s)");
		Instant next = trigger.first(this.clock.instant());
		while (!this.stopping) {
			if (!sleepUntil(next)) {
				break;
			}
			tick();
			next = trigger.after(this.clock.instant());
		}
		log.info("service stopped" + (this.claims.stoppedALoad() ? "; the stopped load resumes at the next start" : ""));
		return this.claims.stoppedALoad() ? 1 : 0;
	}

	/** Asks the service to end: no further file or tick starts (the running load is stopped by the caller). */
	public void stop() {
		this.stopping = true;
		synchronized (this.wake) {
			this.wake.notifyAll();
		}
	}

	/** Checks the settings (exit 2) and returns the schedule. */
	Trigger prepare() {
		if (!this.refusedSettings.isEmpty()) {
			throw RowliftException.badInput(String.join(" and ", this.refusedSettings) + " name one file, and in service mode each "
					+ "inbox file has its own (its reject files beside it, its summary in the log); remove the setting");
		}
		this.inbox = Inbox.of(this.sourcePath);
		TableNaming naming = TableNaming.of(this.schedule.tableFromName(), this.targetTable, this.reserved);
		Settle settle = new Settle(this.schedule.settle());
		if (this.schedule.maxAttempts() < 1) {
			throw RowliftException.badInput("rowlift.schedule.max-attempts must be 1 or more, got " + this.schedule.maxAttempts());
		}
		String archiveDir = this.schedule.archiveDir();
		this.archive = archiveDir == null ? this.inbox.defaultArchive()
				: archiveDir.isBlank() ? null : Path.of(archiveDir).toAbsolutePath().normalize();
		Trigger trigger = Trigger.of(this.schedule.cron(), this.schedule.fixedDelay());
		this.claims = new InboxClaims(new InboxClaims.Collaborators(this.schedule, this.job, this.perFile, this.loads, this.ledger,
				this.events, this.clock, this.indexes), new InboxClaims.Layout(this.inbox, naming, settle, this.archive),
				() -> this.stopping);
		return trigger;
	}

	/** Waits until {@code when} or a stop; returns false on a stop. */
	private boolean sleepUntil(Instant when) {
		synchronized (this.wake) {
			while (!this.stopping) {
				long nanos = Duration.between(this.clock.instant(), when).toNanos();
				if (nanos <= 0) {
					return true;
				}
				try {
					// rounded up: truncated, the last fraction of a millisecond woke the tick before its cron time,
					// and the cron time after such a tick was the same second again (two ticks 1 ms apart)
					this.wake.wait((nanos + 999_999) / 1_000_000);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			}
			return false;
		}
	}

	/** One tick: every file of the inbox, in order, until a stop; then {@link InboxEvent.TickCompleted}. */
	void tick() {
		Instant started = this.clock.instant();
		long t0 = System.nanoTime();
		InboxClaims.Tally tally = new InboxClaims.Tally();
		String outcome = "ok";
		try {
			List<Inbox.Entry> entries = this.inbox.list(this.schedule.order());
			this.claims.keepSightingsOf(entries.stream().map(Inbox.Entry::file).toList());
			for (int i = 0; i < entries.size(); i++) {
				if (this.stopping) {
					tally.waiting += entries.size() - i;
					break;
				}
				this.claims.handle(entries.get(i), tally);
			}
			if (tally.stoppedIn != null) {
				outcome = "error: stopped by a signal while loading " + tally.stoppedIn + "; the next start resumes it";
			}
			else if (tally.failed > 0) {
				outcome = "failed: " + tally.lastFailure;
			}
		}
		catch (Exception ex) {
			outcome = "error: " + oneLine(ex);
			log.error("tick failed: " + oneLine(ex) + "; the next tick tries again");
		}
		Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
		int failedFiles = this.inbox.failedFiles();
		String line = "tick done in " + elapsed.toMillis() + " ms: " + tally.loaded + " loaded, " + tally.failed + " failed, "
				+ tally.skipped + " skipped, " + tally.waiting + " waiting, " + failedFiles + " in failed/; " + outcome;
		if (tally.loaded + tally.failed + tally.skipped + tally.waiting == 0 && outcome.equals("ok")) {
			log.debug(line); // an idle tick
		}
		else {
			log.info(line);
		}
		this.events.publishEvent(new InboxEvent.TickCompleted(started, elapsed, tally.loaded, tally.failed, tally.skipped,
				tally.waiting, failedFiles, outcome));
	}

	private static String oneLine(Throwable ex) {
		String message = ex.getMessage() != null ? ex.getMessage() : ex.toString();
		return message.replace('\n', ' ');
	}

	/** When ticks start: a cron expression, or a pause after each tick. Immutable. */
	record Trigger(CronExpression cron, Duration delay) {

		static Trigger of(String cron, Duration delay) {
			boolean hasCron = cron != null && !cron.isBlank();
			if (hasCron && delay != null) {
				throw RowliftException.badInput("rowlift.schedule.cron and rowlift.schedule.fixed-delay are both set; set one");
			}
			if (hasCron) {
				try {
					return new Trigger(CronExpression.parse(cron.strip()), null);
				}
				catch (IllegalArgumentException ex) {
					throw RowliftException.badInput("rowlift.schedule.cron '" + cron + "' is not a cron expression: " + ex.getMessage()
							+ "; Spring's syntax has six fields, seconds first, as in '0 */5 * * * *' (every five minutes)");
				}
			}
			if (delay == null || delay.isNegative() || delay.isZero()) {
				throw RowliftException.badInput("rowlift.schedule.fixed-delay must be more than zero, got " + delay
						+ "; write it as 30s, 5m or 1h");
			}
			return new Trigger(null, delay);
		}

		/** The first tick: the first cron time, or at once. */
		Instant first(Instant now) {
			return this.cron != null ? after(now) : now;
		}

		/** The next tick after a tick that ended at {@code now}. */
		Instant after(Instant now) {
			if (this.cron == null) {
				return now.plus(this.delay);
			}
			ZonedDateTime next = this.cron.next(now.atZone(java.time.ZoneId.systemDefault()));
			return next == null ? now.plus(Duration.ofDays(36_500)) : next.toInstant(); // a date that never comes
		}

		@Override
		public String toString() {
			return this.cron != null ? "cron '" + this.cron + "'" : "every " + this.delay + " after the end of a tick";
		}

	}

}
