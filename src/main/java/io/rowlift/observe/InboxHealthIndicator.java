package io.rowlift.observe;

import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Health component {@code inbox}: the folder of the {@code rowlift.source.path} glob exists and can be
 * listed. DOWN otherwise, with what to fix: the service cannot take any file. Checked on each call (a
 * directory stat and an open), so it sees a volume that went away. Thread-safe.
 */
public final class InboxHealthIndicator extends AbstractHealthIndicator {

	private final String glob;

	/**
	 * @param glob the {@code rowlift.source.path} setting (a glob such as {@code inbox/*.csv}), or null
	 */
	public InboxHealthIndicator(String glob) {
		super("inbox health check failed");
		this.glob = glob;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) throws Exception {
		if (this.glob == null || this.glob.isBlank()) {
			builder.down().withDetail("error", "rowlift.source.path is not set: set it to the inbox's glob, e.g. inbox/*.csv");
			return;
		}
		Path folder = folderOf(this.glob).toAbsolutePath().normalize();
		builder.withDetail("path", this.glob).withDetail("folder", folder.toString());
		if (!Files.isDirectory(folder)) {
			builder.down().withDetail("error", folder + " is not a folder: create it, mount the inbox volume there, or fix rowlift.source.path");
		}
		else if (!Files.isReadable(folder)) {
			builder.down().withDetail("error", folder + " cannot be read: give the service's user read and write access");
		}
		else {
			try (var listing = Files.newDirectoryStream(folder)) {
				builder.up();
			}
		}
	}

	/**
	 * The folder a glob lists: its path up to the first name with a glob character ({@code * ? [ {}), or
	 * the current folder for a bare pattern ({@code *.csv}).
	 */
	static Path folderOf(String glob) {
		Path path = Path.of(glob);
		Path folder = path.getRoot();
		for (Path name : path) {
			if (name.toString().chars().anyMatch(c -> "*?[{".indexOf(c) >= 0)) {
				break;
			}
			folder = folder == null ? name : folder.resolve(name);
		}
		if (folder != null && folder.equals(path) && !Files.isDirectory(path)) {
			folder = path.getParent(); // no glob character: a file's folder
		}
		return folder == null ? Path.of("") : folder;
	}

}
