package io.rowlift.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import io.rowlift.RowliftException;

/**
 * The folder of a load's sorted runs (key order {@code SORT}), checked to have room for them before the
 * load starts: twice the file. A run holds each record's fields plus about 40 bytes (key, offset, line,
 * field ends): 1.8 times the data for the 106-byte records of the keys benchmark, less for longer
 * records, more for records much shorter than that, where a full disk fails the sort with the folder's
 * name and a re-run sorts again. Stateless.
 */
final class SortSpace {

	private SortSpace() {
	}

	/**
	 * A folder of its own for the sorted runs of this load (database, table and file) under {@code root},
	 * which is created if missing; the folder itself is made by the sort.
	 * @param root {@code rowlift.sort.spill-dir}
	 * @param url {@code spring.datasource.url}, so that loads into two databases never share a folder
	 * @param loadKey the load's key
	 * @param fileBytes the size of the file
	 * @param displayName the file as the operator named it
	 * @throws RowliftException (exit 2) when the root cannot be created or lacks the room
	 */
	static Path reserve(Path root, String url, String loadKey, long fileBytes, String displayName) throws IOException {
		try {
			Files.createDirectories(root);
		}
		catch (IOException ex) {
			throw RowliftException.badInput("rowlift.sort.spill-dir " + root + " cannot be created: " + ex.getMessage());
		}
		check(2 * fileBytes, Files.getFileStore(root).getUsableSpace(), root, displayName);
		return root.resolve(folderName(url, loadKey, System.currentTimeMillis()));
	}

	/** {@code rowlift-sort-<hash of database and load>-<millis>}. */
	static String folderName(String url, String loadKey, long millis) {
		return "rowlift-sort-" + Integer.toHexString((url + "\u0000" + loadKey).hashCode()) + "-" + millis;
	}

	/**
	 * @throws RowliftException (exit 2) when {@code free} bytes are fewer than {@code need}
	 */
	static void check(long need, long free, Path root, String displayName) {
		if (free < need) {
			throw RowliftException.badInput(String.format(Locale.ROOT, "sorting %s by key needs about %,d MB in %s "
					+ "(rowlift.sort.spill-dir), which has %,d MB free; point rowlift.sort.spill-dir at a larger disk, "
					+ "or set rowlift.sort.key-order=chunk", displayName, need >> 20, root, free >> 20));
		}
	}

}
