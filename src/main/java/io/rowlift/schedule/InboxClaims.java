package io.rowlift.schedule;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.context.ApplicationEventPublisher;

import io.rowlift.model.PrintableName;
import io.rowlift.job.JobProperties;
import io.rowlift.load.LoadRequest;
import io.rowlift.load.LoadResult;
import io.rowlift.load.IndexRestore;
import io.rowlift.load.LoadService;
import io.rowlift.load.ReservedTargets;
import io.rowlift.load.TableClaim;

/**
 * One file of an {@link InboxService} tick, from its sighting to its outcome: a file not yet settled waits; its
 * table comes from {@link TableNaming}; its content fingerprint ({@link LoadService#contentFingerprint}) is computed once
 * per version; then the table's run lock is taken at once or the file waits (another run, perhaps another service,
 * is loading into that table), and under the lock the file is looked at again and its record in {@link InboxLedger}
 * decides: loaded already (skipped and reported when it came again under another name or time, unless
 * {@code rowlift.job.reload}), failed too often before (a fresh start), an attempt that did not finish (the run that
 * completed it is found, or it counts as an attempt), or a new attempt, one load of {@link LoadService}. A loaded
 * file moves to the archive folder ({@link FileMoves}); a failed one stays for the next tick, and after the last
 * attempt moves to {@code failed/} with its reasons. Every outcome is published as an {@link InboxEvent} and
 * counted in the tick's {@link Tally}.
 *
 * <p>Remembers, for the life of the service, what it said once (a skipped file, a wait) and the files it loaded and
 * left in place. Used by the service's one thread: not thread-safe.
 */
final class InboxClaims {

	private static final Log log = LogFactory.getLog(InboxClaims.class);

	private final ScheduleProperties schedule;

	private final JobProperties job;

	private final BiFunction<Path, String, LoadRequest> perFile;

	private final LoadService loads;

	private final InboxLedger ledger;

	private final Clock clock;

	private final TableNaming naming;

	private final Settle settle;

	/** Where loaded files move, or null: they stay in place. */
	private final Path archive;

	/** Whether the service was asked to stop: a file claimed after that starts no load. */
	private final BooleanSupplier stopping;

	private final PrintStream err = System.err;

	private final Map<Path, Settle.Sighting> seen = new HashMap<>();

	private final Map<String, String> contents = new HashMap<>();

	/** Files that wait for a file of the same content being tried, said once each (file|other path). */
	private final Set<String> waitingForTwin = new HashSet<>();

	/** Files found waiting for their table's run lock, so that the log says it once per wait. */
	private final Set<Path> waitingForLock = new HashSet<>();

	private boolean stoppedALoad;

	/** What an attempt's outcome does to the ledger, the file and the tick's tally. */
	private final InboxOutcomes outcomes;

	/**
	 * @param service the service's settings and collaborators ({@link InboxService}'s, unchanged)
	 * @param layout the inbox, its table naming, settle time and archive folder, as the service prepared them
	 * @param stopping whether the service was asked to stop
	 */
	InboxClaims(Collaborators service, Layout layout, BooleanSupplier stopping) {
		this.schedule = service.schedule();
		this.job = service.job();
		this.perFile = service.perFile();
		this.loads = service.loads();
		this.ledger = service.ledger();
		this.clock = service.clock();
		this.naming = layout.naming();
		this.settle = layout.settle();
		this.archive = layout.archive();
		this.stopping = stopping;
		this.outcomes = new InboxOutcomes(service, layout);
	}

	/** What the service hands over of its settings and collaborators. */
	record Collaborators(ScheduleProperties schedule, JobProperties job, BiFunction<Path, String, LoadRequest> perFile,
			LoadService loads, InboxLedger ledger, ApplicationEventPublisher events, Clock clock, IndexRestore indexes) {
	}

	/** The inbox as the service's settings describe it: checked once at start. */
	record Layout(Inbox inbox, TableNaming naming, Settle settle, Path archive) {
	}

	/** Whether a load was stopped by a signal (the service then ends with exit 1; the load resumes at the next start). */
	boolean stoppedALoad() {
		return this.stoppedALoad;
	}

	/** Forgets the sightings of files no longer in the inbox (a tick's listing). */
	void keepSightingsOf(Collection<Path> files) {
		this.seen.keySet().retainAll(files);
	}

	/** Handles one file of the inbox in a tick: waits, skips, or claims and loads it; counts the outcome in {@code tally}. */
	void handle(Inbox.Entry entry, Tally tally) throws Exception {
		Path file = entry.file();
		String name = file.getFileName().toString();
		Settle.Sighting now = entry.sighting();
		if (entry.link()) {
			if (this.outcomes.reportOnce(file, now, Inbox.LINK)) {
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
		if (this.outcomes.loadedInPlace(file, now)) {
			return;
		}
		Optional<String> named = this.naming.tableFor(name);
		if (named.isEmpty()) {
			if (this.outcomes.reportOnce(file, now, this.naming.whyNot(name))) {
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
			this.outcomes.failedAttempt(file, table, row.at(path, stamp), row.attempts() + 1, problem, tally);
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
							this.outcomes.leaveInPlace(file, sighting);
						}
						return;
					}
					if (!this.job.reload()) {
						this.outcomes.skipRedelivered(file, sighting, row, tally);
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
						this.outcomes.loaded(file, table, row.at(path, stamp), done.get(), null, sighting, tally);
						return;
					}
					row = row.with(InboxLedger.State.RETRY, row.attempts(), row.run(), this.outcomes.reasons(row.reasons(), row.attempts(), max,
							"the attempt did not finish: the process running it ended (killed, or the machine stopped)"));
					if (row.attempts() >= max) {
						this.outcomes.failedForGood(file, table, row.at(path, stamp), row.attempts(), "the last attempt did not finish", tally);
						return;
					}
				}
				case RETRY -> {
					// the next attempt; a failed load resumes from its last commit
				}
				default -> throw new IllegalStateException(row.state().name());
			}
		}
		if (this.stopping.getAsBoolean()) {
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
			this.outcomes.loaded(file, table, started, run, outcome.summary(), sighting, tally);
		}
		else if (outcome.stopped()) {
			this.ledger.save(started.with(InboxLedger.State.RETRY, attempt - 1, run, started.reasons()));
			this.stoppedALoad = true;
			tally.stoppedIn = PrintableName.of(file.getFileName());
		}
		else {
			this.outcomes.failedAttempt(file, table, started.with(InboxLedger.State.RETRY, attempt, run, started.reasons()), attempt,
					outcome.problem(), tally);
		}
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

	/** What one tick did. */
	static final class Tally {

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

}
