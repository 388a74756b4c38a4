package io.rowlift.source.jsonl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.rowlift.RowliftException;
import io.rowlift.source.InputCapability;
import io.rowlift.source.InputFormat;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceProperties;

/**
 * JSON Lines ({@code .jsonl}, {@code .ndjson}, {@code rowlift.source.format=jsonl}): one JSON object per line,
 * UTF-8, its keys matched to the table's columns by name, case-insensitively. The first question for its keys
 * reads every line once ({@link JsonlKeyScan}); the load splits it into byte ranges at line starts and reads each with
 * Jackson's streaming parser ({@link io.rowlift.source.JsonObjectParser}). The {@code fast} pipeline only: Spring Batch's
 * {@code FlatFileItemReader} reads CSV. Reads {@code rowlift.source.ignore-unknown},
 * {@code read-buffer} and {@code max-record-size}; the CSV dialect keys mean nothing to it. Stateless;
 * thread-safe.
 */
public final class JsonlInputFormat implements InputFormat {

	/** The format's name. */
	public static final String NAME = "jsonl";

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Set<InputCapability> capabilities() {
		return EnumSet.of(InputCapability.BYTE_RANGES);
	}

	/** Whether {@code file}'s name says JSON Lines ({@code .jsonl}, {@code .ndjson}, any case). */
	public static boolean named(Path file) {
		String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
		return name.endsWith(".jsonl") || name.endsWith(".ndjson");
	}

	@Override
	public void checkSettings(SourceProperties settings) {
		// nothing it reads can be wrong: the sizes are checked where they are bound
	}

	/** Finds the keys when they are first asked for: the plan's mapping, not a sample of the lines. */
	@Override
	public InputSource open(Path file, String displayName, SourceProperties settings) {
		long dataStart;
		try {
			dataStart = bomLength(file);
		}
		catch (IOException ex) {
			throw RowliftException.badInput(displayName + ": cannot be read: " + ex.getMessage());
		}
		int buffer = (int) settings.readBuffer().toBytes();
		int maxRecord = (int) settings.maxRecordSize().toBytes();
		return new JsonlInput(this, file, displayName, () -> {
			try {
				return JsonlKeyScan.scan(file, displayName, dataStart, buffer, maxRecord);
			}
			catch (IOException ex) {
				throw RowliftException.badInput(displayName + ": cannot be read: " + ex.getMessage());
			}
		}, dataStart, settings.ignoreUnknown());
	}

	@Override
	public InputSource reopen(Path file, String displayName, Map<String, ?> state) {
		return JsonlInput.of(this, file, displayName, state);
	}

	/** 3 when the file starts with a UTF-8 byte order mark, else 0. */
	private static long bomLength(Path file) throws IOException {
		try (InputStream in = Files.newInputStream(file)) {
			byte[] start = in.readNBytes(3);
			return start.length == 3 && (start[0] & 0xff) == 0xEF && (start[1] & 0xff) == 0xBB && (start[2] & 0xff) == 0xBF ? 3 : 0;
		}
	}

}
