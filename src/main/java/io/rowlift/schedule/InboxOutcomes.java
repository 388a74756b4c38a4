package io.rowlift.schedule;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.context.ApplicationEventPublisher;

import io.rowlift.RowliftException;
import io.rowlift.model.PrintableName;
import io.rowlift.load.IndexRestore;
import io.rowlift.report.LoadSummary;

/**
 * The outcomes of an inbox file's attempt ({@link InboxClaims}), each written to the {@link InboxLedger}, applied to
 * the file ({@link FileMoves}: into the archive folder, or into {@code failed/} with its reasons, or left in place),
 * published as an {@link InboxEvent} and counted in the tick's tally: loaded, failed for this attempt, failed for
 * good (the indexes the load dropped put back), skipped as content loaded before.
 *
 * <p>Remembers, for the life of the service, the skipped files it reported and the files it loaded and left in
 * place. Used by the service's one thread: not thread-safe.
 */
final class InboxOutcomes {

	private static final Log log = LogFactory.getLog(InboxOutcomes.class);

	private final ScheduleProperties schedule;

	private final InboxLedger ledger;

	private final ApplicationEventPublisher events;

	private final Clock clock;

	private final IndexRestore indexes;

	private final Inbox inbox;

	/** Where loaded files move, or null: they stay in place. */
	private final Path archive;

	private final Set<String> reported = new HashSet<>();

	/** Files loaded and left in place (no archive folder), by path, size and time: later ticks pass them by. */
	private final Set<String> loadedInPlace = new HashSet<>();

	InboxOutcomes(InboxClaims.Collaborators service, InboxClaims.Layout layout) {
		this.schedule = service.schedule();
		this.ledger = service.ledger();
		this.events = service.events();
		this.clock = service.clock();
		this.indexes = service.indexes();
		this.inbox = layout.inbox();
		this.archive = layout.archive();
	}

	/** Whether this version of the file was loaded and left in place (no archive folder): later ticks pass it by. */
	boolean loadedInPlace(Path file, Settle.Sighting sighting) {
		return this.loadedInPlace.contains(file + "|" + sighting.size() + "|" + sighting.modified());
	}

	/** Notes this version of the file as loaded and left in place. */
	void leaveInPlace(Path file, Settle.Sighting sighting) {
		this.loadedInPlace.add(file + "|" + sighting.size() + "|" + sighting.modified());
	}

	/** Records a failed attempt: the file stays for the next tick, or after the last attempt moves to failed/. */
	void failedAttempt(Path file, String table, InboxLedger.Row row, int attempt, String problem, InboxClaims.Tally tally)
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

	void loaded(Path file, String table, InboxLedger.Row row, Long run, LoadSummary summary, Settle.Sighting sighting,
			InboxClaims.Tally tally) throws IOException {
		this.ledger.save(row.with(InboxLedger.State.LOADED, row.attempts(), run, row.reasons()));
		Path where = file;
		if (this.archive != null) {
			where = FileMoves.moveInto(file, this.archive);
			this.ledger.save(row.at(where.toString(), row.stamp()).with(InboxLedger.State.LOADED, row.attempts(), run, row.reasons()));
		}
		else {
			leaveInPlace(file, sighting);
		}
		log.info("loaded " + PrintableName.of(file.getFileName()) + " into " + table + " (run " + run + ")"
				+ (where.equals(file) ? "; it stays in place" : "; moved to " + PrintableName.of(where)));
		this.events.publishEvent(new InboxEvent.FileLoaded(file, table, run == null ? 0 : run,
				summary == null ? 0 : summary.rowsThisRun(), sighting.size(), summary == null ? 0 : summary.rejected(),
				summary == null ? Duration.ZERO : summary.elapsed()));
		tally.loaded++;
	}

	void failedForGood(Path file, String table, InboxLedger.Row row, int attempt, String problem, InboxClaims.Tally tally)
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

	void skipRedelivered(Path file, Settle.Sighting sighting, InboxLedger.Row row, InboxClaims.Tally tally) throws IOException {
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
	boolean reportOnce(Path file, Settle.Sighting sighting, String reason) {
		if (!this.reported.add(file + "|" + sighting.size() + "|" + sighting.modified())) {
			return false;
		}
		log.warn("skipped " + PrintableName.of(file.getFileName()) + " (it stays in the inbox): " + reason);
		this.events.publishEvent(new InboxEvent.FileSkipped(file, reason));
		return true;
	}

	String reasons(String earlier, int attempt, int max, String problem) {
		return (earlier == null ? "" : earlier) + this.clock.instant() + " attempt " + attempt + " of " + max + ": " + problem + "\n";
	}

}
