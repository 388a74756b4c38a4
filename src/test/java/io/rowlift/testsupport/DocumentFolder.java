package io.rowlift.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A folder of JSON documents in the seed's shape ({@code {"text": ..., "created_at": ...}} in {@code <id>.json},
 * indented like {@code bench/seed002_docs.py} writes them), with text that exercises JSON's escapes and non-ASCII
 * characters; written in a shuffled order, ids not consecutive (so numeric order differs from name order:
 * {@code 9.json} before {@code 10.json}). Deterministic for a seed.
 */
public final class DocumentFolder {

	/**
	 * One document and the row it must become.
	 *
	 * @param id the key, its file's name without {@code .json}
	 * @param text the text it holds
	 * @param createdAt its created_at
	 */
	public record Doc(long id, String text, long createdAt) {

		/** The row as a test reads it back: id, text, created_at. */
		public List<String> row() {
			return List.of(Long.toString(this.id), this.text, Long.toString(this.createdAt));
		}

	}

	private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ";

	private DocumentFolder() {
	}

	/** Writes {@code count} documents into {@code dir} and returns them in key order. */
	public static List<Doc> write(Path dir, int count, long seed) throws IOException {
		Files.createDirectories(dir);
		Random random = new Random(seed);
		List<Doc> docs = new ArrayList<>();
		long id = 0;
		for (int i = 0; i < count; i++) {
			id += 1 + random.nextInt(3);
			docs.add(new Doc(id, text(random), 1_727_290_164L + i));
		}
		List<Doc> shuffled = new ArrayList<>(docs);
		Collections.shuffle(shuffled, random);
		for (Doc doc : shuffled) {
			Files.writeString(dir.resolve(doc.id() + ".json"), json(doc), StandardCharsets.UTF_8);
		}
		return docs;
	}

	/** The document as the seed's generator writes it (json.dump with indent=4; non-ASCII escaped or not). */
	public static String json(Doc doc) {
		return "{\n    \"text\": " + quote(doc.text()) + ",\n    \"created_at\": " + doc.createdAt() + "\n}";
	}

	private static String text(Random random) {
		int length = random.nextInt(10) == 0 ? 0 : random.nextInt(400);
		StringBuilder sb = new StringBuilder(length);
		for (int i = 0; i < length; i++) {
			int pick = random.nextInt(100);
			if (pick == 0) {
				sb.append('\n');
			}
			else if (pick == 1) {
				sb.append("é");
			}
			else if (pick == 2) {
				sb.append("\uD83D\uDE00"); // an emoji: a surrogate pair, 4 bytes of UTF-8
			}
			else {
				sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
			}
		}
		return sb.toString();
	}

	private static String quote(String text) {
		StringBuilder sb = new StringBuilder("\"");
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> sb.append("\\\"");
				case '\\' -> sb.append("\\\\");
				case '\n' -> sb.append("\\n");
				default -> {
					if (c == 'é' && i % 2 == 0) {
						sb.append("\\u00e9"); // escaped now and then, as json.dump does with ensure_ascii
					}
					else {
						sb.append(c);
					}
				}
			}
		}
		return sb.append('"').toString();
	}

}
