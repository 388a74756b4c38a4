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
 * <p>Per file, in the tick's order: a file not yet settled waits; its table comes from
 * {@link TableNaming}; its content fingerprint ({@link LoadService#contentFingerprint}) is computed once per
 * version; then the table's run lock is taken at once or the file waits (another run, perhaps another
 * service, is loading into that table), and under the lock the file is looked at again and its record in
 * {@link InboxLedger} decides: loaded already (skipped and reported when it came again under another
 * name or time, unless {@code rowlift.job.reload}), failed too often before (a fresh start), an attempt
 * that did not finish (the run that completed it is found, or it counts as an attempt), or a new attempt.
 * A loaded file moves to the archive folder; a failed one stays for the next tick, and after the last
 * attempt moves to {@code failed/} with its reasons. Every outcome is published as an {@link InboxEvent}.
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

	private final Map<Path, Settle.Sighting> seen = new HashMap<>();

	private final Map<String, String> contents = new HashMap<>();

	/** Files that wait for a file of the same content being tried, said once each (file|other path). */
	private final Set<String> waitingForTwin = new HashSet<>();

	private final Set<String> reported = new HashSet<>();

	/** Files found waiting for their table's run lock, so that the log says it once per wait. */
	private final Set<Path> waitingForLock = new HashSet<>();

	/** Files loaded and left in place (no archive folder), by path, size and time: later ticks pass them by. */
	private final Set<String> loadedInPlace = new HashSet<>();

	private volatile boolean stopping;

	private boolean stoppedALoad;

	private Inbox inbox;

	private TableNaming naming;

	private Settle settle;

	private Path archive;

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
		log.info("service stopped" + (this.stoppedALoad ? "; the stopped load resumes at the next start" : ""));
		return this.stoppedALoad ? 1 : 0;
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
		this.naming = TableNaming.of(this.schedule.tableFromName(), this.targetTable, this.reserved);
		this.settle = new Settle(this.schedule.settle());
		if (this.schedule.maxAttempts() < 1) {
			throw RowliftException.badInput("rowlift.schedule.max-attempts must be 1 or more, got " + this.schedule.maxAttempts());
		}
		String archiveDir = this.schedule.archiveDir();
		this.archive = archiveDir == null ? this.inbox.defaultArchive()
				: archiveDir.isBlank() ? null : Path.of(archiveDir).toAbsolutePath().normalize();
		return Trigger.of(this.schedule.cron(), this.schedule.fixedDelay());
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
		Tally tally = new Tally();
		String outcome = "ok";
		try {
			List<Inbox.Entry> entries = this.inbox.list(this.schedule.order());
			this.seen.keySet().retainAll(entries.stream().map(Inbox.Entry::file).toList());
			for (int i = 0; i < entries.size(); i++) {
				if (this.stopping) {
					tally.waiting += entries.size() - i;
					break;
				}
				handle(entries.get(i), tally);
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

	private void handle(Inbox.Entry entry, Tally tally) throws Exception {
		Path file = entry.file();
		String name = file.getFileName().toString();
		Settle.Sighting now = entry.sighting();
		if (entry.link()) {
			if (reportOnce(file, now, Inbox.LINK)) {
				tally.skipped++;
			}
			return;
		}
		Settle.Sighting before = this.seen.put(file, now);
		if (!this.settle.ready(now, before, this.clock.instant())) {
			log.debug(PrintableName.of(name) + " changed within " + this.settle + ": waiting for a later tick");
			tally.waiting++;
			return;
		}
		if (this.loadedInPlace.contains(file + "|" + now.size() + "|" + now.modified())) {
			return;
		}
		Optional<String> named = this.naming.tableFor(name);
		if (named.isEmpty()) {
			if (reportOnce(file, now, this.naming.whyNot(name))) {
				tally.skipped++;
			}
			return;
		}
		String table = named.get();
		String content;
		try {
			content = contentOf(file, now);
		}
		catch (NoSuchFileException gone) {
			return; // taken by another service
		}
		try (TableClaim claim = this.loads.tryLock(table)) {
			if (claim == null) {
				String line = PrintableName.of(name) + ": another run holds the run lock of " + table + "; the file waits for a later tick";
				if (this.waitingForLock.add(file)) {
					log.info(line);
				}
				else {
					log.debug(line); // said at the first tick it waited
				}
				tally.waiting++;
				return;
			}
			this.waitingForLock.remove(file);
			Settle.Sighting again = sightingOf(file);
			if (again == null) {
				return; // loaded or moved by another service while this one waited
			}
			if (!again.sameAs(now)) {
				tally.waiting++;
				return;
			}
			this.ledger.ensure();
			underClaim(file, table, content, now, tally);
		}
	}

	/** The decision about one file, under its table's run lock. */
	private void underClaim(Path file, String table, String content, Settle.Sighting sighting, Tally tally) throws Exception {
		String path = file.toString();
		String stamp = sighting.size() + ":" + sighting.modified().toEpochMilli();
		int max = this.schedule.maxAttempts();
		InboxLedger.Row row = this.ledger.find(content, table).orElse(null);
		if (row != null && !row.path().equals(path) && (row.state() == InboxLedger.State.LOADING
				|| row.state() == InboxLedger.State.RETRY) && Files.exists(Path.of(row.path()))) {
			// the same content under another name, still there and being tried (two empty files, a copy): the
			// ledger knows one set of attempts per content, and they are that file's; this one waits its turn
			String line = PrintableName.of(file.getFileName()) + ": the same content as " + PrintableName.of(row.path())
					+ ", which is being tried (attempt " + row.attempts() + " of " + max
					+ "); this file waits until that one is loaded (then this one is skipped"
					+ " as the same content) or moved to failed/ (then this one gets attempts of its own)";
			if (this.waitingForTwin.add(file + "|" + row.path())) {
				log.info(line);
			}
			else {
				log.debug(line);
			}
			tally.waiting++;
			return;
		}
		if (row != null && !row.path().equals(path) && (row.state() == InboxLedger.State.LOADING
				|| (row.state() == InboxLedger.State.RETRY && row.run() != null))) {
			// a run is identified by its path: loading this content under another path would start a new
			// run and load again what the unfinished one committed
			String problem = "this content's unfinished load is run " + (row.run() == null ? "(unknown)" : row.run()) + " of "
					+ row.path() + "; a load under another path would load its committed rows again: put the file back at "
					+ row.path() + " (every service must see the inbox at the same path)";
			failedAttempt(file, table, row.at(path, stamp), row.attempts() + 1, problem, tally);
			return;
		}
		if (row != null) {
			switch (row.state()) {
				case LOADED -> {
					if (row.path().equals(path) && row.stamp().equals(stamp)) {
						// this very file, loaded: it stays (no archive), or the move did not happen (the process ended)
						if (this.archive != null) {
							Path moved = FileMoves.moveInto(file, this.archive);
							this.ledger.save(row.at(moved.toString(), stamp));
							log.info(PrintableName.of(file.getFileName()) + " was loaded by run " + row.run() + " and not moved; moved it to "
									+ PrintableName.of(moved));
						}
						else {
							this.loadedInPlace.add(file + "|" + sighting.size() + "|" + sighting.modified());
						}
						return;
					}
					if (!this.job.reload()) {
						skipRedelivered(file, sighting, row, tally);
						return;
					}
					row = null; // rowlift.job.reload=true: a new load of this content
				}
				case FAILED -> row = null; // back from failed/: a fresh set of attempts
				case LOADING -> {
					Optional<Long> done = row.path().equals(path) ? this.loads.completedRun(file, table) : Optional.empty();
					if (done.isPresent()) {
						log.info(PrintableName.of(file.getFileName()) + ": run " + done.get()
								+ " completed it before the process that ran it ended; "
								+ "recording it as loaded");
						loaded(file, table, row.at(path, stamp), done.get(), null, sighting, tally);
						return;
					}
					row = row.with(InboxLedger.State.RETRY, row.attempts(), row.run(), reasons(row.reasons(), row.attempts(), max,
							"the attempt did not finish: the process running it ended (killed, or the machine stopped)"));
					if (row.attempts() >= max) {
						failedForGood(file, table, row.at(path, stamp), row.attempts(), "the last attempt did not finish", tally);
						return;
					}
				}
				case RETRY -> {
					// the next attempt; a failed load resumes from its last commit
				}
				default -> throw new IllegalStateException(row.state().name());
			}
		}
		if (this.stopping) {
			tally.waiting++; // a signal came while the file was being claimed: start no load
			return;
		}
		int attempt = row == null ? 1 : row.attempts() + 1;
		InboxLedger.Row started = new InboxLedger.Row(content, table, path, stamp, InboxLedger.State.LOADING, attempt,
				row == null ? null : row.run(), row == null ? null : row.reasons());
		this.ledger.save(started);
		log.info("loading " + PrintableName.of(file.getFileName()) + " into " + table + " (attempt " + attempt + " of " + max + ")");
		LoadResult outcome = this.loads.load(this.perFile.apply(file, table));
		outcome.print(System.out, this.err);
		// a load refused before its job started has no run (its summary, if any, says run 0)
		Long run = outcome.summary() != null && outcome.summary().run() > 0 ? Long.valueOf(outcome.summary().run()) : started.run();
		if (outcome.exitCode() == 0) {
			loaded(file, table, started, run, outcome.summary(), sighting, tally);
		}
		else if (outcome.stopped()) {
			this.ledger.save(started.with(InboxLedger.State.RETRY, attempt - 1, run, started.reasons()));
			this.stoppedALoad = true;
			tally.stoppedIn = PrintableName.of(file.getFileName());
		}
		else {
			failedAttempt(file, table, started.with(InboxLedger.State.RETRY, attempt, run, started.reasons()), attempt,
					outcome.problem(), tally);
		}
	}

	/** Records a failed attempt: the file stays for the next tick, or after the last attempt moves to failed/. */
	private void failedAttempt(Path file, String table, InboxLedger.Row row, int attempt, String problem, Tally tally)
			throws IOException {
		int max = this.schedule.maxAttempts();
		InboxLedger.Row failed = row.with(InboxLedger.State.RETRY, attempt, row.run(), reasons(row.reasons(), attempt, max, problem));
		if (attempt >= max) {
			failedForGood(file, table, failed, attempt, problem, tally);
			return;
		}
		this.ledger.save(failed);
		log.warn(PrintableName.of(file.getFileName()) + ": attempt " + attempt + " of " + max + " failed; it stays in the inbox for the "
				+ "next tick (an unfinished run resumes from its last commit): " + problem);
		this.events.publishEvent(new InboxEvent.FileFailed(file, table, attempt, max, false, problem));
		tally.failed(file, problem);
	}

	private void loaded(Path file, String table, InboxLedger.Row row, Long run, LoadSummary summary, Settle.Sighting sighting,
			Tally tally) throws IOException {
		this.ledger.save(row.with(InboxLedger.State.LOADED, row.attempts(), run, row.reasons()));
		Path where = file;
		if (this.archive != null) {
			where = FileMoves.moveInto(file, this.archive);
			this.ledger.save(row.at(where.toString(), row.stamp()).with(InboxLedger.State.LOADED, row.attempts(), run, row.reasons()));
		}
		else {
			this.loadedInPlace.add(file + "|" + sighting.size() + "|" + sighting.modified());
		}
		log.info("loaded " + PrintableName.of(file.getFileName()) + " into " + table + " (run " + run + ")"
				+ (where.equals(file) ? "; it stays in place" : "; moved to " + PrintableName.of(where)));
		this.events.publishEvent(new InboxEvent.FileLoaded(file, table, run == null ? 0 : run,
				summary == null ? 0 : summary.rowsThisRun(), sighting.size(), summary == null ? 0 : summary.rejected(),
				summary == null ? Duration.ZERO : summary.elapsed()));
		tally.loaded++;
	}

	private void failedForGood(Path file, String table, InboxLedger.Row row, int attempt, String problem, Tally tally)
			throws IOException {
		Path moved = FileMoves.moveInto(file, this.inbox.failedFolder());
		Path reasons = FileMoves.writeReasons(moved, "Rowlift could not load " + file + " into " + table + " in "
				+ attempt + " attempt(s); it was moved here. Fix the cause and move the file back into the inbox to try "
				+ "again (a fresh set of attempts; an unfinished run resumes).\n\n" + row.reasons());
		this.ledger.save(row.at(moved.toString(), row.stamp()).with(InboxLedger.State.FAILED, attempt, row.run(), row.reasons()));
		log.error(PrintableName.of(file.getFileName()) + ": attempt " + attempt + " of " + this.schedule.maxAttempts() + " failed; moved to "
				+ PrintableName.of(moved) + ", reasons in " + PrintableName.of(reasons) + ": " + problem);
		restoreIndexes(file, table);
		this.events.publishEvent(new InboxEvent.FileFailed(file, table, attempt, this.schedule.maxAttempts(), true, problem));
		tally.failed(file, problem);
	}

	/**
	 * After a load was given up on: the indexes it dropped go back now, not at a resume that may never come;
	 * when that fails, the log says why and how to put them back (the health component shows them waiting).
	 */
	private void restoreIndexes(Path file, String table) {
		try {
			// under the table's run lock, which the service holds for the file
			IndexRestore.Restored restored = this.indexes.restore(table);
			List<String> rebuilt = restored.built().isEmpty() ? restored.waiting() : restored.built();
			if (!rebuilt.isEmpty()) {
				log.info(PrintableName.of(file.getFileName()) + ": the given-up load had dropped " + rebuilt.size() + " index(es) of " + table
						+ "; rebuilt them: " + String.join(", ", rebuilt) + " (moving the file back into the inbox resumes its run,"
						+ " with the indexes in place)");
			}
		}
		catch (Exception ex) {
			log.error(PrintableName.of(file.getFileName()) + ": the indexes of " + table + " that its load dropped could not be rebuilt: "
					+ (ex instanceof RowliftException ? ex.getMessage() : ex.toString()) + "; fix that, then run rowlift rebuild-indexes "
					+ "--rowlift.target.table=" + table + " with the service's database settings (or move the file back into the "
					+ "inbox: its resume rebuilds them at its end)");
		}
	}

	private void skipRedelivered(Path file, Settle.Sighting sighting, InboxLedger.Row row, Tally tally) throws IOException {
		String reason = "the same content as " + PrintableName.of(row.path()) + " was loaded into " + row.table() + " by run " + row.run()
				+ "; set rowlift.job.reload=true to load it again";
		if (this.archive != null) {
			Path moved = FileMoves.moveInto(file, this.archive);
			log.warn("skipped " + PrintableName.of(file.getFileName()) + " (moved to " + PrintableName.of(moved) + "): " + reason);
			this.events.publishEvent(new InboxEvent.FileSkipped(file, reason));
			tally.skipped++;
		}
		else if (reportOnce(file, sighting, reason)) {
			tally.skipped++;
		}
	}

	/** Publishes a skipped file that stays in the inbox once per version of it in this process. */
	private boolean reportOnce(Path file, Settle.Sighting sighting, String reason) {
		if (!this.reported.add(file + "|" + sighting.size() + "|" + sighting.modified())) {
			return false;
		}
		log.warn("skipped " + PrintableName.of(file.getFileName()) + " (it stays in the inbox): " + reason);
		this.events.publishEvent(new InboxEvent.FileSkipped(file, reason));
		return true;
	}

	private String reasons(String earlier, int attempt, int max, String problem) {
		return (earlier == null ? "" : earlier) + this.clock.instant() + " attempt " + attempt + " of " + max + ": " + problem + "\n";
	}

	/** The content fingerprint, computed once per version (path, size, time) of a file. */
	private String contentOf(Path file, Settle.Sighting sighting) throws IOException {
		String key = file + "|" + sighting.size() + "|" + sighting.modified();
		String known = this.contents.get(key);
		if (known == null) {
			known = LoadService.contentFingerprint(file);
			if (this.contents.size() > 10_000) {
				this.contents.clear(); // a memo, not a record: the ledger is the record
			}
			this.contents.put(key, known);
		}
		return known;
	}

	private static Settle.Sighting sightingOf(Path file) throws IOException {
		try {
			BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
			if (attributes.isDirectory()) {
				return Inbox.folderSighting(file, attributes);
			}
			return new Settle.Sighting(attributes.size(), attributes.lastModifiedTime().toInstant());
		}
		catch (NoSuchFileException gone) {
			return null;
		}
	}

	private static String oneLine(Throwable ex) {
		String message = ex.getMessage() != null ? ex.getMessage() : ex.toString();
		return message.replace('\n', ' ');
	}

	/** What one tick did. */
	private static final class Tally {

		int loaded;

		int failed;

		int skipped;

		int waiting;

		String lastFailure;

		String stoppedIn;

		void failed(Path file, String problem) {
			this.failed++;
			this.lastFailure = PrintableName.of(file.getFileName()) + ": " + problem;
		}

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
