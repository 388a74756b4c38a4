package io.rowlift.job;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The differential property test of a folder of documents (issue #21 item 4): JSON Lines' generated objects
 * ({@link JsonlPropertyScenarios}: keys in any order and case, missing keys, nulls, escapes, any Unicode, every
 * number form, nested values), each written as a document {@code <id>.json} without its {@code id} member (the
 * file's name gives the key), loaded by the whole command into {@code cells}, every stored value checked against
 * the reference parse of its object by Jackson's tree model.
 */
abstract class DocumentPropertyScenarios extends JsonlPropertyScenarios {

	@Override
	Path write(Path work, int n, List<String> lines) throws Exception {
		Path folder = Files.createDirectories(work.resolve("try-" + n));
		for (int i = 0; i < lines.size(); i++) {
			String id = Integer.toString(i + 1);
			String member = "\"id\": " + id;
			String line = lines.get(i);
			String document = line.replaceFirst(java.util.regex.Pattern.quote(member) + "\\s*,\\s*", "");
			if (document.equals(line)) {
				document = line.replaceFirst("\\s*,\\s*" + java.util.regex.Pattern.quote(member), "");
			}
			if (document.equals(line)) {
				document = line.replaceFirst(java.util.regex.Pattern.quote(member), "");
			}
			Files.writeString(folder.resolve(id + ".json"), document, StandardCharsets.UTF_8);
		}
		return folder;
	}

	@Override
	void delete(Path folder) throws Exception {
		try (Stream<Path> all = Files.walk(folder)) {
			for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(p);
			}
		}
	}

}
