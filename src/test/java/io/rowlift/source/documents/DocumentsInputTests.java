package io.rowlift.source.documents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.RowliftException;
import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.source.InputFormats;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceFingerprint;
import io.rowlift.source.UnitProgress;
import io.rowlift.source.UnitReader;
import io.rowlift.testsupport.DocumentFolder;
import io.rowlift.testsupport.SourceSettings;

class DocumentsInputTests {

	@TempDir
	Path dir;

	@Test
	void aFolderIsDocumentsByItselfItsUnitsCoverItAndGiveEveryDocumentOnceInKeyOrder() throws Exception {
		Path folder = this.dir.resolve("docs");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(folder, 500, 1);
		InputSource input = InputFormats.open(folder, "docs", SourceSettings.of(folder.toString()));
		assertThat(input.format().name()).isEqualTo("documents");
		assertThat(input.orderedByInteger()).as("the key, sorted by the listing").hasValue(0);
		assertThat(input.names()).containsExactly("id", "text", "created_at");
		assertThat(input.size()).isEqualTo(DocumentScan.bytes(folder));
		for (int partitions : new int[] { 1, 2, 3, 7, 600 }) {
			Map<String, ExecutionContext> units = input.partitioner(Checkpoints.NONE).partition(partitions);
			assertThat(units).hasSize(partitions);
			assertThat(input.coverage(units)).as(partitions + " partitions").isEmpty();
			List<List<String>> rows = new ArrayList<>();
			for (ExecutionContext unit : units.values()) {
				UnitReader reader = input.reader(1 << 16, 1 << 20);
				reader.open(unit);
				RawRecord record;
				while ((record = reader.read()) != null) {
					rows.add(row(record));
				}
				reader.saveReached(unit, 0);
				reader.close();
				assertThat(input.progress(unit).ended()).isTrue();
			}
			assertThat(rows).as(partitions + " partitions").isEqualTo(docs.stream().map(DocumentFolder.Doc::row).toList());
		}
	}

	@Test
	void aReaderResumesAfterTheRecordItSavedWithTheBytesBeforeIt() throws Exception {
		Path folder = this.dir.resolve("docs");
		List<DocumentFolder.Doc> docs = DocumentFolder.write(folder, 100, 2);
		InputSource input = InputFormats.open(folder, "docs", SourceSettings.of(folder.toString()));
		ExecutionContext unit = input.partitioner(Checkpoints.NONE).partition(2).get("partition1");
		UnitReader reader = input.reader(1 << 16, 1 << 20);
		reader.open(unit);
		RawRecord first = reader.read();
		RawRecord second = reader.read();
		reader.read(); // read ahead, not handed out
		reader.saveAfter(unit, second, 2);
		reader.close();
		UnitProgress progress = input.progress(unit);
		long firstTwo = Files.size(folder.resolve(row(first).get(0) + ".json")) + Files.size(folder.resolve(row(second).get(0) + ".json"));
		assertThat(progress.done()).isEqualTo(firstTwo);
		assertThat(progress.ended()).isFalse();

		UnitReader again = input.reader(1 << 16, 1 << 20);
		again.open(unit);
		List<String> rest = new ArrayList<>();
		RawRecord record;
		while ((record = again.read()) != null) {
			rest.add(row(record).get(0));
		}
		again.close();
		List<String> ids = docs.stream().map(d -> Long.toString(d.id())).toList();
		int from = ids.indexOf(row(second).get(0)) + 1;
		assertThat(rest).isEqualTo(ids.subList(from, ids.size()));
	}

	@Test
	void aDocumentThatIsNotJsonIsARecordWithItsProblemAtItsFileAndByte() throws Exception {
		Path folder = Files.createDirectories(this.dir.resolve("docs"));
		Files.writeString(folder.resolve("1.json"), "{\"a\": 1}");
		Files.writeString(folder.resolve("2.json"), "{\"a\": 2,\n \"a\": 3}");
		Files.writeString(folder.resolve("3.json"), "hello");
		InputSource input = InputFormats.open(folder, "docs", SourceSettings.of(folder.toString()));
		ExecutionContext unit = input.whole();
		UnitReader reader = input.reader(1 << 16, 1 << 20);
		reader.open(unit);
		assertThat(row(reader.read())).containsExactly("1", "1");
		RawRecord twice = reader.read();
		assertThat(input.locator(unit).at(twice, twice.problem())).isEqualTo("docs/2.json:2 (byte 10)");
		assertThat(twice.problem().message()).startsWith("key 'a' appears twice");
		RawRecord hello = reader.read();
		assertThat(hello.problem().message()).startsWith("the document is not JSON: Unrecognized token 'hello'")
			.endsWith("; each file must hold one complete JSON object: fix or remove the file, or set "
					+ "rowlift.source.content-column=COLUMN to load each file's whole content into one column");
		assertThat(input.locator(unit).raw(hello)).isEqualTo("hello".getBytes(StandardCharsets.UTF_8));
		reader.close();
	}

	@Test
	void aContentColumnTakesEachFileWhole() throws Exception {
		Path folder = Files.createDirectories(this.dir.resolve("notes"));
		Files.writeString(folder.resolve("b.txt"), "second\nnote");
		Files.writeString(folder.resolve("a.md"), "");
		InputSource input = InputFormats.open(folder, "notes",
				SourceSettings.of(folder.toString(), "key-column", "name", "content-column", "body"));
		assertThat(input.names()).containsExactly("name", "body");
		UnitReader reader = input.reader(1 << 16, 1 << 20);
		reader.open(input.whole());
		RawRecord a = reader.read();
		assertThat(row(a)).containsExactly("a", "");
		assertThat(a.quoted(1)).as("an empty file is an empty text, not NULL").isTrue();
		assertThat(row(reader.read())).containsExactly("b", "second\nnote");
		assertThat(reader.read()).isNull();
		reader.close();
	}

	@Test
	void aFileThatVanishesDuringTheLoadStopsItWithItsName() throws Exception {
		Path folder = Files.createDirectories(this.dir.resolve("docs"));
		Files.writeString(folder.resolve("1.json"), "{\"a\": 1}");
		Files.writeString(folder.resolve("2.json"), "{\"a\": 2}");
		InputSource input = InputFormats.open(folder, "docs", SourceSettings.of(folder.toString()));
		Files.delete(folder.resolve("2.json"));
		UnitReader reader = input.reader(1 << 16, 1 << 20);
		reader.open(input.whole());
		reader.read();
		assertThatThrownBy(reader::read).isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(1))
			.hasMessageStartingWith("docs/2.json was deleted or moved during the load (8 bytes when the load listed docs).");
		reader.close();
	}

	@Test
	void aDocumentRewrittenInPlaceWithItsSizeIsReportedWithItsNameWhenRead() throws Exception {
		Path folder = Files.createDirectories(this.dir.resolve("docs"));
		Files.writeString(folder.resolve("1.json"), "{\"a\": 1}");
		Files.writeString(folder.resolve("2.json"), "{\"a\": 2}");
		InputSource input = InputFormats.open(folder, "docs", SourceSettings.of(folder.toString()));
		// same size, another time: the directory's time does not move, the file's does
		long listed = Files.getLastModifiedTime(folder.resolve("2.json")).toMillis();
		Files.writeString(folder.resolve("2.json"), "{\"a\": 9}");
		Files.setLastModifiedTime(folder.resolve("2.json"), FileTime.fromMillis(listed + 5000));
		UnitReader reader = input.reader(1 << 16, 1 << 20);
		reader.open(input.whole());
		assertThat(row(reader.read())).containsExactly("1", "1");
		assertThatThrownBy(reader::read).isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(1))
			.hasMessageStartingWith("docs/2.json changed during the load: 8 bytes, modified at " + listed + " ms when the load "
					+ "listed docs; 8 bytes, modified at " + (listed + 5000) + " ms now.");
		reader.close();
	}

	@Test
	void aSettledFolderIsNotListedAgainAtTheEndButANameAddedOrRemovedIsSeen() throws Exception {
		Path folder = this.dir.resolve("docs");
		DocumentFolder.write(folder, 20, 5);
		Files.setLastModifiedTime(folder, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
		InputSource input = InputFormats.open(folder, "docs", SourceSettings.of(folder.toString()));
		String fingerprint = input.fingerprint().orElseThrow();
		assertThat(fingerprint).isEqualTo(SourceFingerprint.of(folder));
		assertThat(input.state().get("folderStamp")).asString().isNotEmpty();
		InputSource reopened = InputFormats.named("documents").reopen(folder, "docs", input.state());
		assertThat(input.changeSince(folder, fingerprint)).isEmpty();
		assertThat(reopened.changeSince(folder, fingerprint)).isEmpty();

		// a document changed after the load read it: what the load wrote is the listed document, so the end does not
		// look (the reader compared it with the listing as it read it; the next command sees a changed folder)
		Path first = folder.resolve(firstName(folder));
		Files.setLastModifiedTime(first, FileTime.fromMillis(System.currentTimeMillis()));
		assertThat(reopened.changeSince(folder, fingerprint)).isEmpty();
		assertThat(SourceFingerprint.of(folder)).isNotEqualTo(fingerprint);

		Files.writeString(folder.resolve("999999.json"), "{}");
		assertThat(reopened.changeSince(folder, fingerprint)).get().asString()
			.startsWith(folder + " changed while it was loaded (a file added, removed, renamed, resized or modified): 20 files of ");
	}

	@Test
	void aFolderModifiedJustBeforeItWasListedIsListedAgainAtTheEnd() throws Exception {
		Path folder = this.dir.resolve("docs");
		DocumentFolder.write(folder, 20, 6);
		InputSource input = InputFormats.open(folder, "docs", SourceSettings.of(folder.toString()));
		assertThat(input.state().get("folderStamp")).as("no stamp: the directory was written just now").isEqualTo("");
		String fingerprint = input.fingerprint().orElseThrow();
		assertThat(input.changeSince(folder, fingerprint)).isEmpty();
		Files.setLastModifiedTime(folder.resolve(firstName(folder)), FileTime.fromMillis(System.currentTimeMillis() + 10_000));
		assertThat(input.changeSince(folder, fingerprint)).get().asString().startsWith(folder + " changed while it was loaded");
	}

	private static String firstName(Path folder) throws Exception {
		try (var files = Files.list(folder)) {
			return files.map(f -> f.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted().findFirst().orElseThrow();
		}
	}

	@Test
	void anEmptyFolderIsExitTwo() throws Exception {
		Path folder = Files.createDirectories(this.dir.resolve("empty"));
		assertThatThrownBy(() -> InputFormats.open(folder, "empty", SourceSettings.of(folder.toString())))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("empty: holds no file to load; check rowlift.source.path");
	}

	@Test
	void aStoredPlanReopensTheFolderFromItsState() throws Exception {
		Path folder = this.dir.resolve("docs");
		DocumentFolder.write(folder, 50, 4);
		InputSource input = InputFormats.open(folder, "docs", SourceSettings.of(folder.toString()));
		InputSource reopened = InputFormats.named("documents").reopen(folder, "docs", input.state());
		assertThat(reopened.names()).isEqualTo(input.names());
		assertThat(reopened.size()).isEqualTo(input.size());
		assertThat(reopened.coverage(reopened.partitioner(Checkpoints.NONE).partition(3))).isEmpty();
	}

	static List<String> row(RawRecord record) {
		List<String> row = new ArrayList<>();
		for (int i = 0; i < record.fieldCount(); i++) {
			row.add(new String(record.data(), record.start(i), record.length(i), StandardCharsets.UTF_8));
		}
		return row;
	}

	/** Sizes of a folder's files. */
	static final class DocumentScan {

		static long bytes(Path folder) throws Exception {
			try (var files = Files.list(folder)) {
				return files.mapToLong(f -> f.toFile().length()).sum();
			}
		}

	}

}
