package io.rowlift.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Puts blank lines into a CSV file with a header, for the tests of issue #34 item 6: one after every 50th record
 * (LF and CRLF ones in turn), and a block of {@value #BLOCK} LF blank lines around each cut that Rowlift's
 * partitioner makes for {@code partitions} partitions of the new file, so that every range but the first starts
 * at a blank line (the partitioner cuts at {@code dataStart + span * i / partitions} and moves to the next record
 * start, and records here are shorter than half a block).
 */
public final class BlankLineFiles {

	/** Blank lines in a block around a cut. */
	static final int BLOCK = 64;

	private BlankLineFiles() {
	}

	/**
	 * Rewrites {@code csv} (UTF-8, LF records shorter than {@value #BLOCK} / 2 bytes) with blank lines.
	 * @return the blank lines it holds now
	 */
	public static long addBlankLines(Path csv, int partitions) throws IOException {
		String text = Files.readString(csv, StandardCharsets.UTF_8);
		int dataStart = text.indexOf('\n') + 1;
		StringBuilder sparse = new StringBuilder(text.substring(0, dataStart));
		long blank = 0;
		int records = 0;
		for (int at = dataStart; at < text.length();) {
			int end = text.indexOf('\n', at) + 1;
			sparse.append(text, at, end);
			at = end;
			if (++records % 50 == 0) {
				sparse.append(blank++ % 2 == 0 ? "\n" : "\r\n");
			}
		}
		String block = "\n".repeat(BLOCK);
		long span = sparse.length() + (long) BLOCK * (partitions - 1) - dataStart;
		StringBuilder out = new StringBuilder(sparse);
		for (int i = partitions - 1; i >= 1; i--) { // from the last cut back, so the earlier ones keep their place
			long cut = dataStart + (long) ((double) span * i / partitions);
			// in the file without the blocks this cut and the ones after it, the cut is BLOCK * (i - 1) bytes earlier
			int before = (int) (cut - (long) BLOCK * (i - 1) - BLOCK / 2);
			int lineStart = sparse.lastIndexOf("\n", before - 1) + 1;
			out.insert(lineStart, block);
			blank += BLOCK;
		}
		Files.writeString(csv, out, StandardCharsets.UTF_8);
		return blank;
	}

}
