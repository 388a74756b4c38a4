package io.rowlift.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.rowlift.source.SourceFingerprint;

/**
 * Whether a worker sees the file the manager loads: every worker must read the same file at the same
 * path (shared storage). Compares the fingerprint the manager sent ({@code size:mtime:crc},
 * {@link SourceFingerprint#of}) with the file at that path here.
 */
final class FileCheck {

	private FileCheck() {
	}

	/**
	 * The problem, naming this worker, the path and what differs; empty when the file is the manager's.
	 * @param worker this worker ({@code host:pid})
	 */
	static Optional<String> problem(String worker, String path, String expected) {
		Path file = Path.of(path);
		String fix = "; every worker must read the file the manager loads at the same path (shared storage: NFS, a mounted volume)"
				+ ", then run the manager's command again to resume the partition";
		if (!Files.isRegularFile(file)) {
			return Optional.of("worker " + worker + ": " + path + " does not exist on this worker (the manager loads "
					+ describe(expected) + ")" + fix);
		}
		String actual;
		try {
			actual = SourceFingerprint.of(file);
		}
		catch (IOException ex) {
			return Optional.of("worker " + worker + ": cannot read " + path + ": " + ex.getMessage() + fix);
		}
		if (actual.equals(expected)) {
			return Optional.empty();
		}
		return Optional.of("worker " + worker + ": " + path + " is not the file the manager loads: "
				+ String.join(", ", differences(expected, actual)) + fix);
	}

	/** What differs between two fingerprints, part by part, the manager's first. */
	static List<String> differences(String manager, String here) {
		String[] m = manager.split(":");
		String[] h = here.split(":");
		List<String> found = new ArrayList<>();
		if (m.length != 3 || h.length != 3) {
			found.add("fingerprint " + here + " here, " + manager + " at the manager");
			return found;
		}
		if (!m[0].equals(h[0])) {
			found.add("size " + bytes(h[0]) + " here, " + bytes(m[0]) + " at the manager");
		}
		if (!m[1].equals(h[1])) {
			found.add("modified " + time(h[1]) + " here, " + time(m[1]) + " at the manager");
		}
		if (!m[2].equals(h[2])) {
			found.add("its first and last MiB differ (CRC-32C " + h[2] + " here, " + m[2] + " at the manager)");
		}
		return found;
	}

	private static String describe(String fingerprint) {
		String[] m = fingerprint.split(":");
		return m.length == 3 ? "a file of " + bytes(m[0]) + " modified " + time(m[1]) : "fingerprint " + fingerprint;
	}

	private static String bytes(String value) {
		try {
			return String.format(java.util.Locale.ROOT, "%,d bytes", Long.parseLong(value));
		}
		catch (NumberFormatException ex) {
			return value;
		}
	}

	private static String time(String millis) {
		try {
			return Instant.ofEpochMilli(Long.parseLong(millis)).toString();
		}
		catch (NumberFormatException ex) {
			return millis;
		}
	}

}
