package io.rowlift.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.RowliftException;

/** The pure parts of the inbox: which names are files, settling, naming the table, ordering, the schedule. */
class InboxSelectionTests {

	@TempDir
	Path dir;

	@Test
	void hiddenUnfinishedAndRowliftsOwnFilesAreNeverInput() {
		Inbox inbox = Inbox.of(this.dir + "/*.csv");
		assertThat(inbox.matches("people.csv")).isTrue();
		assertThat(inbox.matches(".people.csv")).as("hidden, as rsync writes").isFalse();
		assertThat(inbox.matches("people.csv.tmp")).isFalse();
		assertThat(inbox.matches("people.csv.PART")).isFalse();
		assertThat(inbox.matches("people.tmp.csv")).as("only the end counts").isTrue();
		assertThat(inbox.matches("people.csv.rejects.csv")).as("a reject file written beside an input").isFalse();
		assertThat(inbox.matches("people.csv.rejects.csv.reasons.csv")).isFalse();
		assertThat(inbox.matches("people.json")).as("not the pattern").isFalse();
	}

	@Test
	void theGlobIsTheFileNameAndTheFolderIsPlain() {
		Inbox inbox = Inbox.of("inbox/orders_*.csv");
		assertThat(inbox.folder()).isEqualTo(Path.of("inbox").toAbsolutePath());
		assertThat(inbox.failedFolder()).isEqualTo(Path.of("inbox/failed").toAbsolutePath());
		assertThat(inbox.defaultArchive()).isEqualTo(Path.of("inbox/loaded").toAbsolutePath());
		assertThat(inbox.matches("orders_1.csv")).isTrue();
		assertThat(inbox.matches("people.csv")).isFalse();
		assertThatThrownBy(() -> Inbox.of("in*/a.csv")).isInstanceOf(RowliftException.class)
			.hasMessageContaining("has a glob in its folder; only the file name may be one");
		assertThatThrownBy(() -> Inbox.of("inbox/")).hasMessageContaining("names a folder; add the file name pattern");
		assertThatThrownBy(() -> Inbox.of(null)).hasMessageContaining("rowlift.source.path is not set");
	}

	@Test
	void listsRegularMatchingFilesInNameOrModificationOrder() throws Exception {
		Path b = write("b.csv", 100);
		Path a = write("a.csv", 50);
		Path c = write("c.csv", 200);
		write(".d.csv", 10);
		write("e.csv.part", 10);
		Inbox inbox = Inbox.of(this.dir + "/*.csv");
		assertThat(inbox.list(ScheduleProperties.Order.NAME)).extracting(Inbox.Entry::file).containsExactly(a, b, c);
		assertThat(inbox.list(ScheduleProperties.Order.MODIFIED)).extracting(Inbox.Entry::file).containsExactly(c, b, a);
		Files.setLastModifiedTime(b, Files.getLastModifiedTime(c));
		assertThat(inbox.list(ScheduleProperties.Order.MODIFIED)).as("the same time: by name").extracting(Inbox.Entry::file)
			.containsExactly(b, c, a);
		assertThatThrownBy(() -> Inbox.of(this.dir + "/missing/*.csv").list(ScheduleProperties.Order.NAME))
			.hasMessageContaining("the inbox folder is missing");
	}

	@Test
	void aFileIsTakenWhenNothingChangedWithinTheSettleTime() {
		Settle settle = new Settle(Duration.ofSeconds(5));
		Instant now = Instant.parse("2026-01-01T12:00:00Z");
		Settle.Sighting old = new Settle.Sighting(10, now.minusSeconds(6));
		assertThat(settle.ready(old, null, now)).as("first sighting, old enough").isTrue();
		assertThat(settle.ready(old, old, now)).isTrue();
		Settle.Sighting recent = new Settle.Sighting(10, now.minusSeconds(4));
		assertThat(settle.ready(recent, null, now)).as("modified 4 s ago").isFalse();
		Settle.Sighting grown = new Settle.Sighting(20, now.minusSeconds(60));
		assertThat(settle.ready(grown, new Settle.Sighting(10, now.minusSeconds(60)), now))
			.as("grew since the last tick although its time is old (cp -p)").isFalse();
		assertThat(settle.ready(grown, grown, now)).as("the same at the next tick").isTrue();
		assertThat(new Settle(Duration.ZERO).ready(new Settle.Sighting(1, now), null, now)).isTrue();
		assertThatThrownBy(() -> new Settle(Duration.ofSeconds(-1))).hasMessageContaining("rowlift.schedule.settle");
	}

	@Test
	void theTableComesFromTheSettingOrFromTheFileName() {
		assertThat(TableNaming.of(null, "people").tableFor("anything.csv")).contains("people");
		assertThat(TableNaming.of("", "people").fixed()).isTrue();
		assertThatThrownBy(() -> TableNaming.of(null, " ")).hasMessageContaining("rowlift.target.table is not set");

		TableNaming template = TableNaming.of("stage_{name}", null);
		assertThat(template.tableFor("people.2024-01-31.csv")).contains("stage_people");
		assertThat(template.tableFor("x-y.csv")).as("not an identifier").isEmpty();

		TableNaming group = TableNaming.of("(.+)_\\d{8}\\.csv", "ignored");
		assertThat(group.tableFor("orders_20240131.csv")).contains("orders");
		assertThat(group.tableFor("orders.csv")).as("no match").isEmpty();
		assertThat(group.whyNot("orders.csv")).contains("rowlift.schedule.table-from-name '(.+)_\\d{8}\\.csv'");

		TableNaming named = TableNaming.of("(\\d+)-(?<table>[a-z]+)\\.csv", null);
		assertThat(named.tableFor("01-people.csv")).contains("people");
		assertThat(TableNaming.of("(.*)\\.csv", null).tableFor("a;drop table x.csv")).as("never a name of its own choosing").isEmpty();

		assertThatThrownBy(() -> TableNaming.of("people\\.csv", null)).isInstanceOf(RowliftException.class)
			.hasMessageContaining("has no group to name the table");
		assertThatThrownBy(() -> TableNaming.of("(unclosed", null)).hasMessageContaining("is not a regular expression");
	}

	@Test
	void noFileNameGivesOneOfRowliftsTables() {
		// issue 34 item 1: rowlift_index_ledger.csv went into the index ledger
		io.rowlift.load.ReservedTargets reserved = io.rowlift.load.ReservedTargets.of("versions");
		TableNaming name = TableNaming.of("{name}", null, reserved);
		for (String file : List.of("rowlift_index_ledger.csv", "ROWLIFT_INBOX.csv", "Batch_Job_Execution.2024.csv", "versions.csv")) {
			assertThat(name.tableFor(file)).as(file).isEmpty();
			assertThat(name.whyNot(file)).as(file).startsWith("its name gives, by rowlift.schedule.table-from-name '{name}', the table ")
				.contains("are never load targets").endsWith("; rename the file or change the setting");
		}
		assertThat(name.tableFor("flyway_schema_history.csv")).as("Flyway's table is the configured one").isPresent();
		assertThat(TableNaming.of("(.+)_\\d{8}\\.csv", null, reserved).tableFor("ROWLIFT_REJECT_20240131.csv")).isEmpty();
		assertThatThrownBy(() -> TableNaming.of(null, "main.rowlift_reject_budget", reserved)).isInstanceOf(RowliftException.class)
			.hasMessageStartingWith("rowlift.target.table 'main.rowlift_reject_budget' names ROWLIFT_REJECT_BUDGET, ");
	}

	@Test
	void ticksFollowTheCronOrThePauseAfterEachTick() {
		Instant now = ZonedDateTime.of(2026, 1, 1, 12, 0, 0, 500_000_000, ZoneId.systemDefault()).toInstant();
		InboxService.Trigger cron = InboxService.Trigger.of("*/10 * * * * *", null);
		assertThat(cron.first(now)).isEqualTo(now.plusMillis(9_500));
		assertThat(cron.after(now.plusSeconds(25))).as("a long tick delays the next; missed times are not made up")
			.isEqualTo(now.plusMillis(29_500));
		InboxService.Trigger delay = InboxService.Trigger.of(null, Duration.ofSeconds(3));
		assertThat(delay.first(now)).isEqualTo(now);
		assertThat(delay.after(now)).isEqualTo(now.plusSeconds(3));
		assertThatThrownBy(() -> InboxService.Trigger.of("* * *", null)).hasMessageContaining("is not a cron expression");
		assertThatThrownBy(() -> InboxService.Trigger.of("* * * * * *", Duration.ofSeconds(1))).hasMessageContaining("both set");
		assertThatThrownBy(() -> InboxService.Trigger.of(null, Duration.ZERO)).hasMessageContaining("must be more than zero");
	}

	@Test
	void aMoveNeverOverwritesAndTakesTheRejectFilesAlong() throws Exception {
		Path inbox = Files.createDirectories(this.dir.resolve("in"));
		Path archive = this.dir.resolve("loaded");
		Path first = Files.writeString(inbox.resolve("a.csv"), "1");
		Files.writeString(inbox.resolve("a.csv.rejects.csv"), "r");
		Files.writeString(inbox.resolve("a.csv.rejects.csv.reasons.csv"), "why");
		assertThat(FileMoves.moveInto(first, archive)).isEqualTo(archive.resolve("a.csv"));
		Path second = Files.writeString(inbox.resolve("a.csv"), "2");
		assertThat(FileMoves.moveInto(second, archive)).isEqualTo(archive.resolve("a.1.csv"));
		assertThat(Files.readString(archive.resolve("a.csv"))).isEqualTo("1");
		assertThat(archive.resolve("a.csv.rejects.csv")).hasContent("r");
		assertThat(archive.resolve("a.csv.rejects.csv.reasons.csv")).hasContent("why");
		try (var left = Files.list(inbox)) {
			assertThat(left).isEmpty();
		}
	}

	private Path write(String name, int secondsAgo) throws Exception {
		Path file = Files.writeString(this.dir.resolve(name), "id\n1\n");
		Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(secondsAgo)));
		return file;
	}


}
