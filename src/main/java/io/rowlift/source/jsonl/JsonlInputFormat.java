package io.rowlift.source.jsonl;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.rowlift.RowliftException;
import io.rowlift.source.CompressedInput;
import io.rowlift.source.Compression;
import io.rowlift.source.DamagedArchiveException;
import io.rowlift.source.InputBytes;
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

	private final Compression compression;

	/** Plain JSON Lines, the registry's format; it opens compressed files too. */
	public JsonlInputFormat() {
		this(Compression.NONE);
	}

	private JsonlInputFormat(Compression compression) {
		this.compression = compression;
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public String description() {
		return this.compression.compressed() ? this.compression.setting() + "-compressed " + NAME : NAME;
	}

	/** Byte ranges of a plain file; nothing beyond the seam's minimum for a compressed one (one unit). */
	@Override
	public Set<InputCapability> capabilities() {
		return this.compression.compressed() ? EnumSet.noneOf(InputCapability.class) : EnumSet.of(InputCapability.BYTE_RANGES);
	}

	/**
	 * Whether {@code file}'s name says JSON Lines ({@code .jsonl}, {@code .ndjson}, any case), after a compression's
	 * extension ({@code events.jsonl.gz}, {@code events.ndjson.zst}).
	 */
	public static boolean named(Path file) {
		String name = Compression.baseName(file).toLowerCase(java.util.Locale.ROOT);
		return name.endsWith(".jsonl") || name.endsWith(".ndjson");
	}

	@Override
	public void checkSettings(SourceProperties settings) {
		Compression.check(settings.compression()); // the sizes are checked where they are bound
	}

	/**
	 * Finds the keys when they are first asked for: the plan's mapping, not a sample of the lines. A compressed
	 * file ({@code rowlift.source.compression}, by default from a {@code .gz} or {@code .zst} name) is checked whole
	 * first by decompressing it once ({@link Compression#verify}): damage is exit 2, naming the compressed and the
	 * uncompressed byte, before anything is written; it opens as a {@link CompressedJsonlInput}, one unit.
	 */
	@Override
	public InputSource open(Path file, String displayName, SourceProperties settings) {
		Compression compression = Compression.of(file, settings.compression());
		long dataStart;
		try {
			dataStart = bomLength(file, displayName, compression);
			compression.verify(file, displayName); // damage is exit 2 before anything is written, not rejected lines
		}
		catch (IOException ex) {
			throw RowliftException.badInput(ex instanceof DamagedArchiveException ? ex.getMessage()
					: displayName + ": cannot be read: " + ex.getMessage());
		}
		int buffer = (int) settings.readBuffer().toBytes();
		int maxRecord = (int) settings.maxRecordSize().toBytes();
		JsonlInputFormat format = compression.compressed() ? new JsonlInputFormat(compression) : this;
		JsonlInput input = new JsonlInput(format, file, displayName, () -> {
			try {
				return JsonlKeyScan.scan(file, displayName, compression, dataStart, buffer, maxRecord);
			}
			catch (IOException ex) {
				throw RowliftException.badInput(ex instanceof DamagedArchiveException ? ex.getMessage()
						: displayName + ": cannot be read: " + ex.getMessage());
			}
		}, dataStart, settings.ignoreUnknown(), settings.blankLines());
		return compression.compressed() ? new CompressedJsonlInput(format, input, compression) : input;
	}

	/** The stored state of a compressed input names its compression ({@link CompressedInput#STATE_KEY}). */
	@Override
	public InputSource reopen(Path file, String displayName, Map<String, ?> state) {
		Compression compression = CompressedInput.of(file, state);
		if (!compression.compressed()) {
			return JsonlInput.of(this, file, displayName, state);
		}
		JsonlInputFormat format = new JsonlInputFormat(compression);
		return new CompressedJsonlInput(format, JsonlInput.of(format, file, displayName, state), compression);
	}

	/** 3 when the (decompressed) data starts with a UTF-8 byte order mark, else 0. */
	private static long bomLength(Path file, String displayName, Compression compression) throws IOException {
		try (InputBytes bytes = compression.open(file, displayName)) {
			ByteBuffer start = ByteBuffer.allocate(3);
			for (int n; start.hasRemaining() && (n = bytes.read(start, start.position())) >= 0;) {
				// a decompressed stream gives a little at a time
			}
			return start.position() == 3 && (start.get(0) & 0xff) == 0xEF && (start.get(1) & 0xff) == 0xBB
					&& (start.get(2) & 0xff) == 0xBF ? 3 : 0;
		}
	}

}
