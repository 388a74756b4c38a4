package io.rowlift.source.jsonl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.model.UndecodableBytes;
import io.rowlift.source.Compression;
import io.rowlift.source.InputBytes;
import io.rowlift.source.JsonKeys;
import io.rowlift.source.JsonObjectParser;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The keys of a JSON Lines file: one streaming pass over every line when a load is planned, collecting the
 * top-level keys in the order first seen (values skipped unread), with where each was first seen. They are
 * the input's field names, what a header is to CSV: mapped to columns before anything is written, so a key no
 * column has is found then. Lines that are not JSON objects are passed over here; the reader rejects them.
 * Stateless.
 */
final class JsonlKeyScan {

	/**
	 * @param names the keys, first spelling kept (keys match case-insensitively)
	 * @param places for each key, {@code file:line (byte offset)} of its first occurrence
	 * @param lines the data's lines, blank ones included
	 */
	record Keys(List<String> names, List<String> places, long lines) {
	}

	private JsonlKeyScan() {
	}

	static Keys scan(Path file, String displayName, long dataStart, int bufferSize, int maxRecordSize) throws IOException {
		return scan(file, displayName, Compression.NONE, dataStart, bufferSize, maxRecordSize);
	}

	/** The keys of a (compressed) file's data, read through its decompressed bytes. */
	static Keys scan(Path file, String displayName, Compression compression, long dataStart, int bufferSize, int maxRecordSize)
			throws IOException {
		JsonFactory json = JsonObjectParser.factory(maxRecordSize);
		JsonKeys keys = new JsonKeys(List.of());
		List<String> places = new ArrayList<>();
		long line = 1;
		try (InputBytes channel = compression.open(file, displayName)) {
			JsonlLines lines = new JsonlLines(channel, bufferSize, maxRecordSize);
			lines.seek(dataStart);
			while (true) {
				try {
					if (!lines.next()) {
						break;
					}
				}
				catch (JsonlLines.TooLong ex) {
					break; // the reader says so, at its line
				}
				if (!lines.blank()) {
					scanLine(json, lines, keys, places, displayName, line);
				}
				line++;
			}
		}
		return new Keys(keys.names(), List.copyOf(places), line - 1);
	}

	/** Adds the line's new keys, if the line is one JSON object (a line the reader rejects gives none). */
	private static void scanLine(JsonFactory json, JsonlLines lines, JsonKeys keys, List<String> places, String displayName,
			long line) {
		List<String> found = null;
		List<String> where = null;
		try (JsonParser parser = json.createParser(ObjectReadContext.empty(), lines.buffer(), lines.start(), lines.length())) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				return;
			}
			while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
				String key = parser.currentName();
				if (keys.field(key) < 0) {
					found = found == null ? new ArrayList<>() : found;
					where = where == null ? new ArrayList<>() : where;
					found.add(key);
					where.add(displayName + ":" + line + " (byte " + (lines.offset() + parser.currentTokenLocation().getByteOffset())
							+ ")");
				}
				parser.nextToken();
				parser.skipChildren();
			}
			if (found == null || parser.nextToken() != null) {
				return;
			}
		}
		catch (JacksonException ex) {
			// a line that is not one object: the reader rejects it. One whose bytes are not all UTF-8 still gives the
			// keys before its bad byte, so that a file of such lines is rejected line by line naming that byte, not
			// refused for having no keys
			if (found == null || UndecodableBytes.find(StandardCharsets.UTF_8, lines.buffer(), lines.start(),
					lines.start() + lines.length()) == null) {
				return;
			}
		}
		for (int i = 0; i < found.size(); i++) {
			if (keys.field(found.get(i)) < 0) {
				keys.add(found.get(i));
				places.add(where.get(i));
			}
		}
	}

}
