package io.rowlift.source.documents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.rowlift.RowliftException;
import io.rowlift.source.InputCapability;
import io.rowlift.source.InputFormat;
import io.rowlift.source.InputSource;
import io.rowlift.source.JsonKeys;
import io.rowlift.source.JsonObjectParser;
import io.rowlift.source.SourceProperties;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * A folder of documents ({@code rowlift.source.format=documents}; chosen by itself for a folder or a glob
 * as {@code rowlift.source.path}): one row per file. Column {@code rowlift.source.key-column} (default
 * {@code id}) gets the file's name without its extension; the other columns the values of the JSON object
 * the file holds, its keys matched to columns by name like JSON Lines' (the names are those of the first
 * {@value #SAMPLE} documents in key order), or, with {@code rowlift.source.content-column}, the file's
 * whole content goes into that one column (any file, JSON or not). The folder is listed once into a sorted
 * listing ({@link Listing}), so the rows come in key order, numeric names as numbers. The {@code fast}
 * pipeline only. Stateless; thread-safe.
 */
public final class DocumentsInputFormat implements InputFormat {

	/** The format's name. */
	public static final String NAME = "documents";

	/** Documents whose keys make the input's names. */
	static final int SAMPLE = 1000;

	private static final String DEFAULT_KEY = "id";

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Set<InputCapability> capabilities() {
		return EnumSet.of(InputCapability.SPLIT);
	}

	/** Whether {@code path} names a folder or a glob of files ({@code docs/*.json}). */
	public static boolean named(Path path) {
		return Folder.isFolder(path);
	}

	/** The fingerprint of the folder {@code path} names, as it is now: names, sizes and modification times. */
	public static String fingerprint(Path path) throws IOException {
		return Folder.of(path).fingerprint();
	}

	@Override
	public void checkSettings(SourceProperties settings) {
		if (settings.keyColumn() != null && settings.keyColumn().isBlank()) {
			throw RowliftException.badSetting("rowlift.source.key-column", settings.keyColumn(),
					"the column that gets each file's name without its extension (default id)");
		}
	}

	@Override
	public InputSource open(Path file, String displayName, SourceProperties settings) {
		if (!named(file)) {
			throw RowliftException.badInput(displayName + ": not a folder (rowlift.source.format=documents reads a folder, or a "
					+ "glob such as docs/*.json, one row per file); name the folder in rowlift.source.path");
		}
		Folder folder = Folder.of(file);
		Listing listing;
		try {
			listing = Listing.build(folder, displayName);
		}
		catch (IOException ex) {
			throw RowliftException.badInput(displayName + ": cannot be listed: " + ex.getMessage());
		}
		if (listing.count() == 0) {
			throw RowliftException.badInput(displayName + ": holds no file to load" + (folder.glob() == null ? ""
					: " matching " + folder.glob()) + "; check rowlift.source.path");
		}
		String key = settings.keyColumn() == null ? DEFAULT_KEY : settings.keyColumn().strip();
		String content = settings.contentColumn() == null || settings.contentColumn().isBlank() ? null
				: settings.contentColumn().strip();
		DocumentsInput.Builder builder = new DocumentsInput.Builder();
		builder.format = this;
		builder.folder = folder;
		builder.displayName = displayName;
		builder.contentColumn = content;
		builder.ignoreUnknown = settings.ignoreUnknown();
		builder.made = listing;
		builder.listing = () -> listing;
		builder.fingerprint = listing.fingerprint();
		builder.stamp = listing.stamp();
		builder.count = listing.count();
		builder.bytes = listing.bytes();
		List<String> names = new ArrayList<>();
		List<String> places = new ArrayList<>();
		names.add(key);
		places.add(null);
		if (content != null) {
			names.add(content);
			places.add(displayName + " (the content column, rowlift.source.content-column)");
		}
		else {
			sample(folder, listing, key, names, places, builder, (int) settings.maxRecordSize().toBytes());
		}
		builder.names = names;
		builder.places = places;
		return builder.build();
	}

	/** The keys of the first {@value #SAMPLE} documents in key order, in first-seen order, and where each was seen. */
	private static void sample(Folder folder, Listing listing, String key, List<String> names, List<String> places,
			DocumentsInput.Builder builder, int maxRecordSize) {
		JsonFactory json = JsonObjectParser.factory(maxRecordSize);
		JsonKeys keys = new JsonKeys(List.of(key));
		try (Listing.Cursor cursor = listing.cursor(0)) {
			Listing.Entry entry;
			for (int i = 0; i < SAMPLE && (entry = cursor.next()) != null; i++) {
				if (entry.size() > maxRecordSize) {
					continue;
				}
				byte[] bytes;
				try {
					bytes = Files.readAllBytes(folder.resolve(entry.name()));
				}
				catch (IOException gone) {
					continue; // the reader reports it with its name
				}
				try (JsonParser parser = json.createParser(ObjectReadContext.empty(), bytes)) {
					if (parser.nextToken() != JsonToken.START_OBJECT) {
						continue;
					}
					while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
						String name = parser.currentName();
						if (keys.field(name) < 0) {
							keys.add(name);
							names.add(name);
							places.add(DocumentsInput.documentName(folder, builder.displayName, entry.name()));
						}
						parser.nextToken();
						parser.skipChildren();
					}
				}
				catch (JacksonException notJson) {
					// the reader rejects it with its place
				}
			}
		}
		catch (IOException ex) {
			throw RowliftException.badInput(builder.displayName + ": cannot read its listing: " + ex.getMessage());
		}
		if (names.size() == 1) {
			throw RowliftException.badInput(builder.displayName + ": none of its first " + SAMPLE + " documents in key order is a "
					+ "JSON object with a key; set rowlift.source.content-column=COLUMN to load each file's whole content into "
					+ "one column");
		}
	}

	@Override
	public InputSource reopen(Path file, String displayName, Map<String, ?> state) {
		Folder folder = Folder.of(file);
		String fingerprint = String.valueOf(state.get("fingerprint"));
		long count = Long.parseLong(String.valueOf(state.get("count")));
		long bytes = Long.parseLong(String.valueOf(state.get("bytes")));
		DocumentsInput.Builder builder = new DocumentsInput.Builder();
		builder.format = this;
		builder.folder = folder;
		builder.displayName = displayName;
		builder.names = ((List<?>) state.get("names")).stream().map(String::valueOf).toList();
		String content = String.valueOf(state.get("contentColumn"));
		builder.contentColumn = content.isEmpty() || content.equals("null") ? null : content;
		builder.ignoreUnknown = Boolean.TRUE.equals(state.get("ignoreUnknown"));
		builder.fingerprint = fingerprint;
		Object stamp = state.get("folderStamp"); // absent from plans stored before it was kept
		builder.stamp = stamp == null || String.valueOf(stamp).isEmpty() ? null : String.valueOf(stamp);
		builder.count = count;
		builder.bytes = bytes;
		builder.listing = () -> Listing.cached(folder, fingerprint, count, bytes).orElseGet(() -> {
			try {
				Listing listed = Listing.build(folder, displayName);
				if (!listed.fingerprint().equals(fingerprint)) {
					throw new RowliftException(1, displayName + " changed since the load was planned (fingerprint " + fingerprint
							+ " then, " + listed.fingerprint() + " now); run the same command again: it says how to load the "
							+ "folder as it is now");
				}
				return listed;
			}
			catch (IOException ex) {
				throw new RowliftException(1, displayName + ": cannot be listed: " + ex.getMessage(), ex);
			}
		});
		return builder.build();
	}

}
