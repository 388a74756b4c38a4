package io.rowlift.infer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.RowliftException;

/** Where the migrations go and their version; names both databases take. */
class MigrationFilesTests {

	@TempDir
	Path dir;

	@Test
	void theVersionIsOneMoreThanTheHighestInTheOutputFolderAndTheLocations() throws Exception {
		Path out = this.dir.resolve("out");
		Files.createDirectories(out.resolve("mysql"));
		Files.writeString(out.resolve("mysql/V3__x.sql"), "");
		Path other = this.dir.resolve("other/sqlite/nested");
		Files.createDirectories(other);
		Files.writeString(other.resolve("V7_1__y.sql"), "");
		Files.writeString(other.resolve("R__repeatable.sql"), "");
		MigrationFiles files = new MigrationFiles(out, "filesystem:" + this.dir.resolve("other") + "/{vendor}");
		assertThat(files.nextVersion()).isEqualTo(8);
		assertThat(new MigrationFiles(out, "").nextVersion()).isEqualTo(4);
		assertThat(files.file("sqlite", 8, "my table").getFileName().toString()).isEqualTo("V8__create_my_table.sql");
	}

	/** The migrations written earlier of one table, both vendors', oldest first; another table's and the same prefix's are not. */
	@Test
	void writtenFindsATablesOwnMigrationsOnly() throws Exception {
		Path out = this.dir.resolve("out");
		for (String vendor : MigrationFiles.VENDORS) {
			Files.createDirectories(out.resolve(vendor));
			Files.writeString(out.resolve(vendor).resolve("V12__create_newt.sql"), "");
			Files.writeString(out.resolve(vendor).resolve("V3__create_newt_2.sql"), "");
			Files.writeString(out.resolve(vendor).resolve("V4__create_other.sql"), "");
		}
		Files.writeString(out.resolve("sqlite").resolve("V2__create_newt.sql"), "");
		MigrationFiles files = new MigrationFiles(out, "");
		assertThat(files.written("newt")).containsExactly(out.resolve("sqlite/V2__create_newt.sql"),
				out.resolve("mysql/V12__create_newt.sql"), out.resolve("sqlite/V12__create_newt.sql"));
		assertThat(files.written("absent")).isEmpty();
		assertThat(new MigrationFiles(this.dir.resolve("none"), "").written("newt")).isEmpty();
	}

	@Test
	void classpathLocationsCountToo() throws Exception {
		// src/test/resources/db/migration/{vendor} holds the tests' migrations
		int highest = new MigrationFiles(this.dir, "classpath:db/migration/{vendor}").nextVersion();
		assertThat(highest).isGreaterThan(1);
	}

	@Test
	void theOutputFolderDefaultsToTheFirstFilesystemLocationWithoutVendor() {
		assertThat(new MigrationFiles(null, "classpath:db/{vendor},filesystem:config/db/migration/{vendor}").dir())
			.isEqualTo(Path.of("config/db/migration/"));
		assertThatThrownBy(() -> new MigrationFiles(null, "classpath:db/{vendor}")).isInstanceOf(RowliftException.class)
			.hasMessageContaining("set rowlift.infer.output-dir=DIR");
	}

	@Test
	void versions() {
		assertThat(MigrationFiles.version("V12__create_t.sql")).isEqualTo(12);
		assertThat(MigrationFiles.version("V2.5__x.sql")).isEqualTo(2);
		assertThat(MigrationFiles.version("R__x.sql")).isZero();
		assertThat(MigrationFiles.version("V1__x.txt")).isZero();
	}

	@Test
	void namesAreQuotedAndRefusedOnlyWhenNoDatabaseTakesThem() {
		assertThat(ColumnNames.sqlite("select")).isEqualTo("\"select\"");
		assertThat(ColumnNames.mysql("first name")).isEqualTo("`first name`");
		assertThat(ColumnNames.mysql("a`b")).isEqualTo("`a``b`");
		assertThat(ColumnNames.sqlite("a\"b")).isEqualTo("\"a\"\"b\"");
		assertThat(ColumnNames.problem("größe")).isNull();
		assertThat(ColumnNames.problem("")).contains("empty");
		assertThat(ColumnNames.problem("x".repeat(65))).contains("64");
		assertThat(ColumnNames.problem("smile\uD83D\uDE00")).contains("Basic Multilingual Plane");
		assertThatThrownBy(() -> ColumnNames.check(java.util.List.of("id", "Name", "name"), "f.csv"))
			.isInstanceOf(RowliftException.class)
			.hasMessage("f.csv:1:3: the header names 'name' twice (columns 2 and 3, compared without case); rename one in the header");
	}

	@Test
	void commentsCannotBreakOutOrHoldFlywayPlaceholders() {
		assertThat(TableDdl.comment("a\nb ${x}")).isEqualTo("a?b $ {x}");
	}

}
