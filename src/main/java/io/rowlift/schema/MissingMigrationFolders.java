package io.rowlift.schema;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.flywaydb.core.api.Location;

/**
 * The folders of {@code spring.flyway.locations} ({@code filesystem:} locations) that are not there,
 * and what to say about them. Rowlift's own default ({@code config/db/migration/{vendor}}, relative to
 * the working folder) is missing wherever a load runs outside a folder with {@code config/}: that is
 * no fault, and only said at DEBUG. A folder the operator named is said once, at WARN, with the command
 * that makes it. Flyway's own scanner is silenced in application.yml, which logged both at ERROR.
 * Immutable.
 *
 * @param missing the missing folders, absolute
 * @param all whether every location is a missing folder (then Flyway has nothing to read: not run)
 */
record MissingMigrationFolders(List<Path> missing, boolean all) {

	private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./+,:=@%-]+");

	/** The missing folders among {@code locations}; relative ones resolved against the working folder, as Flyway does. */
	static MissingMigrationFolders of(Location[] locations) {
		List<Path> missing = new ArrayList<>();
		for (Location location : locations) {
			if (location.isFileSystem()) {
				Path folder = Path.of(location.getRootPath()).toAbsolutePath().normalize();
				if (!Files.isDirectory(folder)) {
					missing.add(folder);
				}
			}
		}
		return new MissingMigrationFolders(List.copyOf(missing), !missing.isEmpty() && missing.size() == locations.length);
	}

	/**
	 * The sentence for one folder the operator named.
	 * @param origin where {@code spring.flyway.locations} was set, as {@link io.rowlift.SettingOrigins} says it
	 */
	static String named(Path folder, String origin) {
		return "the migrations folder " + folder + " does not exist (spring.flyway.locations, set by " + origin
				+ "); no migration ran from it. Create the folder (mkdir -p " + shellWord(folder.toString())
				+ ") or correct spring.flyway.locations";
	}

	/** {@code text} as one word of a POSIX shell, quoted only when it must be. */
	private static String shellWord(String text) {
		return PLAIN.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
	}

}
