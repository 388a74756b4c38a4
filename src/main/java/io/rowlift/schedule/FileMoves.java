package io.rowlift.schedule;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import io.rowlift.report.RejectFiles;

/**
 * Moves a finished file out of the inbox, with the reject files the load wrote beside it: into a folder
 * made when missing, under its own name or, when that is taken, {@code name.N.ext} with the smallest
 * free N (nothing is ever overwritten). A move inside one file system is atomic; across file systems
 * it is a copy and a delete (a process killed in between leaves the file in the inbox, where the next
 * tick sees it is loaded and moves it again). Stateless.
 */
final class FileMoves {

	private FileMoves() {
	}

	/**
	 * Moves {@code file} (and its reject files) into {@code folder}.
	 * @return where the file is now
	 */
	static Path moveInto(Path file, Path folder) throws IOException {
		Files.createDirectories(folder);
		Path target = freeName(folder, file.getFileName().toString());
		Path rejects = RejectFiles.defaultPath(file);
		Path reasons = RejectFiles.reasonsPath(rejects);
		move(file, target);
		if (Files.exists(rejects)) {
			Path movedRejects = RejectFiles.defaultPath(target);
			move(rejects, movedRejects);
			if (Files.exists(reasons)) {
				move(reasons, RejectFiles.reasonsPath(movedRejects));
			}
		}
		return target;
	}

	/** Writes {@code text} as the reasons file beside {@code file}: {@code <name>.reasons.txt}. */
	static Path writeReasons(Path file, String text) throws IOException {
		Path reasons = reasonsFile(file);
		Files.writeString(reasons, text, StandardCharsets.UTF_8);
		return reasons;
	}

	/** The reasons file of a file moved to {@code failed/}. */
	static Path reasonsFile(Path file) {
		return file.resolveSibling(file.getFileName() + ".reasons.txt");
	}

	/** {@code name}, or {@code stem.N.ext} with the smallest N from 1 that is free in {@code folder}. */
	static Path freeName(Path folder, String name) {
		Path candidate = folder.resolve(name);
		int dot = name.lastIndexOf('.');
		String stem = dot <= 0 ? name : name.substring(0, dot);
		String ext = dot <= 0 ? "" : name.substring(dot);
		for (int n = 1; Files.exists(candidate) || Files.exists(reasonsFile(candidate)); n++) {
			candidate = folder.resolve(stem + "." + n + ext);
		}
		return candidate;
	}

	private static void move(Path from, Path to) throws IOException {
		try {
			Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (AtomicMoveNotSupportedException ex) {
			Files.move(from, to);
		}
	}

}
