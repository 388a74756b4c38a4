package io.rowlift.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.RejectTable;

/**
 * Writes the reject files of a run from the rejects its chunks staged (contract,
 * {@code rowlift.report.reject-file}) from what {@link RejectTable} hands out: the rejected records as they are in the input, same dialect,
 * after the input's header, so the file can be fixed and loaded like the input; and beside it
 * {@code <reject-file>.reasons.csv} with {@code line,byte,column,reason} for each. Both are written
 * whole each time (to a temporary file, then moved into place), in file order, so they are exact
 * after any number of resumes. Thread-safe.
 */
public final class RejectFiles {

	private RejectFiles() {
	}

	/** {@code <input>.rejects.csv} next to the input. */
	public static Path defaultPath(Path input) {
		return input.resolveSibling(input.getFileName() + ".rejects.csv");
	}

	/** The reasons file of a reject file. */
	public static Path reasonsPath(Path rejectFile) {
		return rejectFile.resolveSibling(rejectFile.getFileName() + ".reasons.csv");
	}

	/**
	 * Writes the reject files of a load, if it has rejects.
	 * @param rejects the load's staged rejects
	 * @param header the input's header record as it is in the file (empty without a header)
	 * @param lineEnd the input's record end, added after a last record that had none
	 * @return the number of rejects written
	 */
	public static long write(JdbcTemplate jdbc, RejectTable rejects, byte[] header, byte[] lineEnd, Path rejectFile)
			throws IOException {
		long count = rejects.count(jdbc);
		if (count == 0) {
			return 0;
		}
		Path parent = rejectFile.toAbsolutePath().getParent();
		if (parent != null) {
			Files.createDirectories(parent);
		}
		Path reasonsFile = reasonsPath(rejectFile);
		Path records = Files.createTempFile(parent, ".rowlift-rejects", ".tmp");
		Path reasons = Files.createTempFile(parent, ".rowlift-reasons", ".tmp");
		try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(records), 1 << 16);
				OutputStream why = new BufferedOutputStream(Files.newOutputStream(reasons), 1 << 16)) {
			out.write(header);
			why.write("line,byte,column,reason\n".getBytes(StandardCharsets.UTF_8));
			rejects.export(jdbc, reject -> {
				try {
					byte[] raw = reject.raw();
					out.write(raw);
					if (raw.length == 0 || raw[raw.length - 1] != lineEnd[lineEnd.length - 1]) {
						out.write(lineEnd);
					}
					why.write((reject.line() + "," + reject.offset() + "," + reject.field() + "," + quote(reject.reason()) + "\n")
						.getBytes(StandardCharsets.UTF_8));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
		Files.move(records, rejectFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		Files.move(reasons, reasonsFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		return count;
	}

	private static String quote(String s) {
		return "\"" + s.replace("\"", "\"\"") + "\"";
	}

}
