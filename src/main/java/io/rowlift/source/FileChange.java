package io.rowlift.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How a file changed since a run took its {@link SourceFingerprint}: appended to (the first bytes are
 * as they were, with more after them), truncated, replaced or rewritten, or gone, with the sizes and
 * fingerprints then and now, and what to do. A load reads the byte ranges it planned from the size at
 * its start, so a file that changes under it cannot be loaded exactly; this says so instead of a
 * count that does not add up. Stateless.
 */
public final class FileChange {

	private FileChange() {
	}

	/**
	 * @param fingerprint the fingerprint the run took at its start ({@code size:mtime:checksum})
	 * @return empty when the file is as it was; else one sentence: what happened, with sizes and fingerprints
	 */
	public static Optional<String> since(Path file, String fingerprint) throws IOException {
		return describe(file, fingerprint, true);
	}

	/**
	 * As {@link #since}, but empty when only the modification time changed (same size, same first and
	 * last MiB): the bytes a load read are then most likely still there, and a {@code touch} during a
	 * load should not fail it.
	 */
	public static Optional<String> contentSince(Path file, String fingerprint) throws IOException {
		return describe(file, fingerprint, false);
	}

	private static Optional<String> describe(Path file, String fingerprint, boolean timeToo) throws IOException {
		if (InputFormats.isFolder(file) || fingerprint.contains(":folder-")) {
			return describeFolder(file, fingerprint);
		}
		String[] then = fingerprint.split(":");
		long sizeThen = Long.parseLong(then[0]);
		String now;
		try {
			now = SourceFingerprint.of(file);
		}
		catch (NoSuchFileException ex) {
			return Optional.of(file + " was deleted or moved while it was loaded (" + sizeThen + " bytes, fingerprint "
					+ fingerprint + " at the start)");
		}
		if (now.equals(fingerprint)) {
			return Optional.empty();
		}
		long sizeNow = Files.size(file);
		String what;
		if (sizeNow > sizeThen && SourceFingerprint.checksum(file, sizeThen).equals(then[2])) {
			what = "was appended to while it was loaded";
		}
		else if (sizeNow < sizeThen) {
			what = "was truncated (or replaced by a shorter file) while it was loaded";
		}
		else if (sizeNow == sizeThen && now.split(":")[2].equals(then[2])) {
			if (!timeToo) {
				return Optional.empty();
			}
			what = "was modified while it was loaded (its time changed; its first and last MiB did not)";
		}
		else {
			what = "was replaced by another file (or rewritten) while it was loaded";
		}
		return Optional.of(file + " " + what + ": " + sizeThen + " bytes at the start (fingerprint " + fingerprint + "), "
				+ sizeNow + " bytes now (fingerprint " + now + ")");
	}

	/** A folder of documents: files added, removed, renamed, resized or touched, any of them a change. */
	private static Optional<String> describeFolder(Path folder, String fingerprint) throws IOException {
		if (!InputFormats.isFolder(folder)) {
			return Optional.of(folder + " was deleted or moved while it was loaded (fingerprint " + fingerprint + " at the start)");
		}
		String now = SourceFingerprint.of(folder);
		if (now.equals(fingerprint)) {
			return Optional.empty();
		}
		return Optional.of(folder + " changed while it was loaded (a file added, removed, renamed, resized or modified): "
				+ describeListing(fingerprint) + " at the start (fingerprint " + fingerprint + "), " + describeListing(now)
				+ " now (fingerprint " + now + ")");
	}

	/** {@code 12 files of 3400 bytes} from a folder's fingerprint ({@code bytes:newest:folder-count-hash}). */
	private static String describeListing(String fingerprint) {
		String[] parts = fingerprint.split(":");
		String[] listing = parts[2].split("-");
		return listing[1] + " files of " + parts[0] + " bytes";
	}

	/**
	 * What to do about it: make files complete before loading them, and how to load the file as it is now.
	 * @param startOver how to abandon the run and load the file as it is now, as the run decision words it
	 * for the run's mode and committed rows ("set rowlift.job.start-over=true (...)", or the explicit
	 * choices where that alone would keep the run's rows under the new load)
	 */
	public static String whatToDo(long run, String startOver) {
		return "Rowlift loads a file as it was when the load started, so the file must be complete and left alone "
				+ "during the load: write it under another name and rename it into place when it is complete (a rename "
				+ "is atomic), or start the load only after the writer has finished. To load the file as it is now: "
				+ startOver
				+ "; the same command alone is refused (exit 3) because the file changed since run " + run;
	}

}
