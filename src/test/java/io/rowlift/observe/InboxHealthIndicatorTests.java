package io.rowlift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * Tests for {@link InboxHealthIndicator}: the folder of the glob, and what a missing inbox says.
 */
class InboxHealthIndicatorTests {

	@TempDir
	Path dir;

	@Test
	void theFolderOfAGlobIsItsPathUpToTheFirstPattern() {
		assertThat(InboxHealthIndicator.folderOf("inbox/*.csv")).isEqualTo(Path.of("inbox"));
		assertThat(InboxHealthIndicator.folderOf("/srv/in/2026-*/part?.csv")).isEqualTo(Path.of("/srv/in"));
		assertThat(InboxHealthIndicator.folderOf("/srv/in/**")).isEqualTo(Path.of("/srv/in"));
		assertThat(InboxHealthIndicator.folderOf("*.csv")).isEqualTo(Path.of(""));
		assertThat(InboxHealthIndicator.folderOf("/srv/in/sales.csv")).isEqualTo(Path.of("/srv/in"));
	}

	@Test
	void aMissingInboxIsDownAndSaysWhatToDo() throws Exception {
		Health health = new InboxHealthIndicator(this.dir.resolve("gone") + "/*.csv").health(true);
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails().get("error")).isEqualTo(this.dir.resolve("gone")
				+ " is not a folder: create it, mount the inbox volume there, or fix rowlift.source.path");
		Files.createDirectories(this.dir.resolve("gone"));
		assertThat(new InboxHealthIndicator(this.dir.resolve("gone") + "/*.csv").health(true).getStatus()).isEqualTo(Status.UP);
	}

	@Test
	void noSourcePathIsDown() {
		Health health = new InboxHealthIndicator(null).health(true);
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails().get("error"))
			.isEqualTo("rowlift.source.path is not set: set it to the inbox's glob, e.g. inbox/*.csv");
	}

}
