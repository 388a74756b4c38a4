package io.rowlift.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * An {@code ints} file (GenCsv's shape) in which some records repeat an earlier one, each copy at a
 * random place: the unique index {@code ints_value_1_value_2} cannot be built over all of its rows.
 * Issue #20 item 9.
 *
 * @param file the file
 * @param rows its records
 * @param repeatLines the physical lines of the records that repeat one before them in the file: the rejects
 */
public record RepeatedKeys(Path file, int rows, List<Long> repeatLines) {

	/** {@code distinct} different records, then {@code repeats} copies of some of them put among them. */
	public static RepeatedKeys write(Path dir, int distinct, int repeats, long seed) throws IOException {
		Path base = GenCsv.write(dir.resolve("distinct-" + distinct + ".csv"), "ints", distinct, seed);
		List<String> lines = Files.readAllLines(base, StandardCharsets.US_ASCII);
		String header = lines.get(0);
		List<String> records = new ArrayList<>(lines.subList(1, lines.size()));
		List<String> out = new ArrayList<>(records);
		Random random = new Random(seed);
		for (int i = 0; i < repeats; i++) {
			out.add(random.nextInt(out.size() + 1), records.get(random.nextInt(records.size())));
		}
		Set<String> seen = new HashSet<>();
		List<Long> repeatLines = new ArrayList<>();
		for (int i = 0; i < out.size(); i++) {
			if (!seen.add(out.get(i))) {
				repeatLines.add(i + 2L); // line 1 is the header
			}
		}
		Path file = dir.resolve("repeated-" + distinct + "-" + repeats + ".csv");
		Files.writeString(file, header + "\n" + String.join("\n", out) + "\n", StandardCharsets.US_ASCII);
		return new RepeatedKeys(file, out.size(), List.copyOf(repeatLines));
	}

	/** The lines of the reasons file next to the reject file (its first column), in order. */
	public static List<Long> rejectedLines(Path rejectFile) throws IOException {
		Path reasons = Path.of(rejectFile + ".reasons.csv");
		List<Long> lines = new ArrayList<>();
		for (String line : Files.readAllLines(reasons, StandardCharsets.UTF_8).subList(1, Files.readAllLines(reasons).size())) {
			lines.add(Long.parseLong(line.substring(0, line.indexOf(','))));
		}
		return lines;
	}

}
