package io.rowlift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.github.luben.zstd.ZstdOutputStream;

import io.rowlift.testsupport.DocumentFolder;
import io.rowlift.testsupport.InboxEventRecorder;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * The scheduled service takes the new inputs (issue #21 item 7): a gzip and a zstd CSV, a JSON Lines file and a
 * folder of documents per delivery, each loaded once into the table its name gives and moved to
 * {@code loaded/}; the same content delivered again under another name is skipped (the content fingerprint is
 * taken on what the file, or the folder, holds). With {@code rowlift.schema.create=infer} each file that lands makes
 * its table from its own columns (issue #35 item 1: the request's file, not the inbox's pattern).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class InboxInputScenarios {

	static final Duration WAIT = Duration.ofSeconds(120);

	@TempDir
	Path dir;

	private CompletableFuture<RowliftRun> service;

	abstract TestTarget target();

	@AfterEach
	void stopService() throws Exception {
		if (this.service != null && !this.service.isDone()) {
			InboxEventRecorder.stopService();
			this.service.get(60, TimeUnit.SECONDS);
		}
	}

	@Test
	void takesCompressedCsvJsonLinesAndAFolderPerDelivery() throws Exception {
		TestTarget target = target();
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(inbox.resolve("plain.csv.gz")))) {
			out.write("a,b\n1,one\n2,two\n".getBytes(StandardCharsets.UTF_8));
		}
		try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(inbox.resolve("plain.z.csv.zst")))) {
			out.write("a,b\n3,three\n".getBytes(StandardCharsets.UTF_8));
		}
		Files.writeString(inbox.resolve("plain.j.jsonl"), "{\"a\": 4, \"b\": \"four\"}\n{\"b\": \"five\", \"a\": 5}\n");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(this.dir.resolve("staging/docs"), 40, 21);
		Files.move(this.dir.resolve("staging/docs"), inbox.resolve("docs")); // delivered whole, by a rename
		// the same documents again under another name: the same content, skipped
		DocumentFolder.write(this.dir.resolve("staging/docs.again"), 40, 21);
		for (Path p : List.of(inbox.resolve("plain.csv.gz"), inbox.resolve("plain.z.csv.zst"), inbox.resolve("plain.j.jsonl"))) {
			Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(60)));
		}
		InboxEventRecorder.reset(event -> {
		});

		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*", "--rowlift.schedule.fixed-delay=300ms",
				"--management.server.port=-1", "--rowlift.schedule.settle=1s", "--rowlift.test.record-inbox-events=true",
				"--rowlift.schedule.table-from-name={name}"));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));

		for (String name : List.of("plain.csv.gz", "plain.z.csv.zst", "plain.j.jsonl", "docs")) {
			awaitEvent(name + " loaded", e -> e instanceof InboxEvent.FileLoaded l && l.file().endsWith(name));
		}
		Files.move(this.dir.resolve("staging/docs.again"), inbox.resolve("docs.again"));
		awaitEvent("docs.again skipped", e -> e instanceof InboxEvent.FileSkipped s && s.file().endsWith("docs.again"));
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();

		assertThat(rows(target, "SELECT a, b FROM plain ORDER BY a")).containsExactly(List.of("1", "one"), List.of("2", "two"),
				List.of("3", "three"), List.of("4", "four"), List.of("5", "five"));
		assertThat(rows(target, "SELECT id, text, created_at FROM docs ORDER BY id"))
			.isEqualTo(docs.stream().map(DocumentFolder.Doc::row).toList());
		try (Stream<Path> loaded = Files.list(inbox.resolve("loaded"))) {
			assertThat(loaded.map(p -> p.getFileName().toString()).toList()).contains("plain.csv.gz", "plain.z.csv.zst",
					"plain.j.jsonl", "docs");
		}
	}

	@Test
	void aFileWhoseNameGivesOneOfRowliftsTablesIsSkippedAndSaidSo() throws Exception {
		// issue 34 item 1: rowlift_index_ledger.csv was loaded into the index ledger, whose rows a later rebuild runs
		TestTarget target = target();
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("reserved-inbox"));
		Path file = Files.writeString(inbox.resolve("rowlift_index_ledger.csv"),
				"TABLE_NAME,INDEX_NAME,DEFINITION,IS_UNIQUE,COLUMN_LIST\nints,evil,DROP TABLE canary,0,value_1\n");
		Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(60)));
		InboxEventRecorder.reset(event -> {
		});
		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.schedule.fixed-delay=300ms",
				"--management.server.port=-1", "--rowlift.schedule.settle=1s", "--rowlift.test.record-inbox-events=true",
				"--rowlift.schedule.table-from-name={name}"));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));

		awaitEvent("rowlift_index_ledger.csv skipped or loaded", e -> e instanceof InboxEvent.FileSkipped s && s.file().equals(file)
				|| e instanceof InboxEvent.FileLoaded l && l.file().endsWith(file.getFileName()));
		assertThat(InboxEventRecorder.events()).filteredOn(e -> e instanceof InboxEvent.FileSkipped s && s.file().equals(file))
			.singleElement()
			.extracting(e -> ((InboxEvent.FileSkipped) e).reason())
			.isEqualTo("its name gives, by rowlift.schedule.table-from-name '{name}', the table ROWLIFT_INDEX_LEDGER, Rowlift's ledger "
					+ "of dropped indexes, whose definitions a later rebuild reads: Rowlift's, Spring Batch's and Flyway's own tables "
					+ "(ROWLIFT_*, BATCH_*, flyway_schema_history) are never load targets, since rows loaded there would change what "
					+ "Rowlift does; rename the file or change the setting");
		awaitEvent("a tick that counts it skipped", e -> e instanceof InboxEvent.TickCompleted t && t.skipped() == 1);
		assertThat(file).as("it stays in the inbox").exists();

		// the advice followed: the file renamed, to the name of a table of the user's
		Path renamed = Files.move(file, inbox.resolve("index_notes.csv"));
		awaitEvent("index_notes.csv loaded", e -> e instanceof InboxEvent.FileLoaded l && l.file().endsWith(renamed.getFileName()));
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(rows(target, "SELECT INDEX_NAME, DEFINITION FROM index_notes")).containsExactly(List.of("evil", "DROP TABLE canary"));
		assertThat(rows(target, "SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).containsExactly(List.of("0"));
		assertThat(rows(target, "SELECT note FROM canary")).containsExactly(List.of("still here"));
	}

	/**
	 * {@code rowlift.schema.create=infer} in the service: each file that lands creates its table from its own
	 * columns (the request's file), not from the inbox's pattern (the context's {@code rowlift.source.path}, which
	 * an earlier version inferred). Two files of different shapes land together, so that a table inferred from
	 * anything but its own file gets the other's columns, or none.
	 */
	@Test
	void createInferMakesEachTableFromTheFileThatLanded() throws Exception {
		TestTarget target = target();
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("infer-inbox"));
		Path migrations = this.dir.resolve("infer-migrations");
		Path people = Files.writeString(inbox.resolve("people.csv"), "id,name\n1,Ada\n2,Grace\n");
		Path orders = Files.writeString(inbox.resolve("orders.csv"), "order_id,amount,placed\n10,2.50,2024-01-02\n11,7.25,2024-03-04\n"
				+ "12,1.00,2024-05-06\n");
		for (Path p : List.of(people, orders)) {
			Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(60)));
		}
		InboxEventRecorder.reset(event -> {
		});
		List<String> args = new ArrayList<>();
		target.options().stream().filter(o -> !o.startsWith("--spring.flyway.locations=")).forEach(args::add);
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.schedule.fixed-delay=300ms",
				"--management.server.port=-1", "--rowlift.schedule.settle=1s", "--rowlift.test.record-inbox-events=true",
				"--rowlift.schedule.table-from-name={name}", "--rowlift.schema.create=infer",
				"--spring.flyway.locations=filesystem:" + migrations + "/{vendor}"));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));

		for (String name : List.of("people.csv", "orders.csv")) {
			awaitEvent(name + " loaded or failed", e -> e instanceof InboxEvent.FileLoaded l && l.file().endsWith(name)
					|| e instanceof InboxEvent.FileFailed f && f.file().endsWith(name));
		}
		assertThat(InboxEventRecorder.events()).as("no file failed").noneMatch(e -> e instanceof InboxEvent.FileFailed);
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();

		assertThat(columns(target, "people")).containsExactly("id", "name");
		assertThat(columns(target, "orders")).containsExactly("order_id", "amount", "placed");
		assertThat(rows(target, "SELECT id, name FROM people ORDER BY id")).containsExactly(List.of("1", "Ada"), List.of("2", "Grace"));
		assertThat(rows(target, "SELECT order_id FROM orders ORDER BY order_id")).containsExactly(List.of("10"), List.of("11"),
				List.of("12"));
		try (Stream<Path> written = Files.list(migrations.resolve(target.id()))) {
			List<String> sql = written.map(p -> {
				try {
					return Files.readString(p);
				}
				catch (java.io.IOException ex) {
					throw new java.io.UncheckedIOException(ex);
				}
			}).toList();
			assertThat(sql).hasSize(2);
			assertThat(sql).anySatisfy(text -> assertThat(text).contains("Written by rowlift infer from people.csv: 2 records"));
			assertThat(sql).anySatisfy(text -> assertThat(text).contains("Written by rowlift infer from orders.csv: 3 records"));
		}
	}

	/** The columns of {@code table}, in order, lower case. */
	static List<String> columns(TestTarget target, String table) throws Exception {
		List<String> columns = new ArrayList<>();
		try (Connection c = target.connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
			for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
				columns.add(rs.getMetaData().getColumnLabel(i).toLowerCase(java.util.Locale.ROOT));
			}
		}
		return columns;
	}

	private void awaitEvent(String what, Predicate<InboxEvent> test) throws Exception {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (InboxEventRecorder.events().stream().noneMatch(test)) {
			if (this.service.isDone()) {
				throw new AssertionError("the service ended before: " + what + "\n" + this.service.get());
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no '" + what + "' within " + WAIT + "; events: " + InboxEventRecorder.events());
			}
			Thread.sleep(100);
		}
	}

	static List<List<String>> rows(TestTarget target, String sql) throws Exception {
		List<List<String>> rows = new ArrayList<>();
		try (Connection c = target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			int columns = rs.getMetaData().getColumnCount();
			while (rs.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= columns; i++) {
					row.add(rs.getString(i));
				}
				rows.add(row);
			}
		}
		return rows;
	}

}
