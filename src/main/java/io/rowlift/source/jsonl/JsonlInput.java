package io.rowlift.source.jsonl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.model.RecordLocator;
import io.rowlift.source.ByteRange;
import io.rowlift.source.BlankLines;
import io.rowlift.source.Compression;
import io.rowlift.source.InputBytes;
import io.rowlift.source.InputFormat;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitProgress;
import io.rowlift.source.UnitReader;

/**
 * A JSON Lines file opened for a load: its keys (the field names, {@link JsonlKeyScan}), its byte ranges and
 * the readers over them. UTF-8 (JSON's encoding); progress and coverage in bytes of the file. Immutable;
 * thread-safe.
 */
final class JsonlInput implements InputSource {

	private final InputFormat format;

	private final Path file;

	private final String displayName;

	/** The scan that finds the keys, run once when they are first asked for (a sample of the lines needs none). */
	private final java.util.function.Supplier<JsonlKeyScan.Keys> scan;

	/** The keys and where each was first seen (no places when reopened from a stored plan). */
	private volatile JsonlKeyScan.Keys keys;

	private final long dataStart;

	private final boolean ignoreUnknown;

	private final BlankLines blankLines;

	JsonlInput(InputFormat format, Path file, String displayName, java.util.function.Supplier<JsonlKeyScan.Keys> scan,
			long dataStart, boolean ignoreUnknown, BlankLines blankLines) {
		this.blankLines = blankLines;
		this.format = format;
		this.file = file;
		this.displayName = displayName;
		this.scan = scan;
		this.dataStart = dataStart;
		this.ignoreUnknown = ignoreUnknown;
	}

	private JsonlKeyScan.Keys keys() {
		JsonlKeyScan.Keys found = this.keys;
		if (found == null) {
			synchronized (this) {
				found = this.keys;
				if (found == null) {
					found = this.scan.get();
					this.keys = found;
				}
			}
		}
		return found;
	}

	@Override
	public Map<String, Object> state() {
		Map<String, Object> state = new LinkedHashMap<>();
		state.put("names", names());
		// a long as text: JSON gives a small number back as an int
		state.put("dataStart", Long.toString(this.dataStart));
		state.put("ignoreUnknown", this.ignoreUnknown);
		state.put("blankLines", this.blankLines.name()); // a resume counts blank lines as the run it resumes did
		return state;
	}

	/** What a blank line of the file is ({@code rowlift.source.blank-lines}). */
	BlankLines blankLines() {
		return this.blankLines;
	}

	/** The input {@link #state()} describes. */
	static JsonlInput of(InputFormat format, Path file, String displayName, Map<String, ?> state) {
		List<String> names = ((List<?>) state.get("names")).stream().map(String::valueOf).toList();
		JsonlKeyScan.Keys keys = new JsonlKeyScan.Keys(names, List.of(), -1);
		return new JsonlInput(format, file, displayName, () -> keys, Long.parseLong(String.valueOf(state.get("dataStart"))),
				Boolean.TRUE.equals(state.get("ignoreUnknown")),
				state.get("blankLines") == null ? BlankLines.SKIP : BlankLines.valueOf(String.valueOf(state.get("blankLines"))));
	}

	/** Offset of the first line (after a byte order mark). */
	long dataStart() {
		return this.dataStart;
	}

	@Override
	public InputFormat format() {
		return this.format;
	}

	@Override
	public Path file() {
		return this.file;
	}

	@Override
	public String displayName() {
		return this.displayName;
	}

	@Override
	public List<String> names() {
		return keys().names();
	}

	@Override
	public int fieldCount() {
		return names().size();
	}

	@Override
	public boolean named() {
		return true;
	}

	/** Where key {@code field} was first seen, {@code events.jsonl:17 (byte 2040)}. */
	@Override
	public String nameLocation(int field) {
		List<String> places = keys().places();
		return field < places.size() ? places.get(field) : this.displayName;
	}

	@Override
	public boolean unknownNamesIgnored() {
		return this.ignoreUnknown;
	}

	@Override
	public Charset charset() {
		return StandardCharsets.UTF_8;
	}

	@Override
	public String measure() {
		return "bytes";
	}

	@Override
	public long size() {
		return Math.max(0, fileSize() - this.dataStart);
	}

	private long fileSize() {
		try {
			return Files.size(this.file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the size of " + this.displayName + ": " + ex.getMessage(), ex);
		}
	}

	@Override
	public Partitioner partitioner(Checkpoints checkpoints) {
		return new JsonlPartitioner(this.file, this.dataStart, checkpoints);
	}

	@Override
	public boolean holdsUnit(ExecutionContext context) {
		return ByteRange.isIn(context);
	}

	@Override
	public ExecutionContext whole() {
		return new ByteRange(0, this.dataStart, Math.max(this.dataStart, fileSize()), 1).context();
	}

	@Override
	public UnitReader reader(int bufferSize, int maxRecordSize) {
		return new JsonlReader(this.file, this.displayName, names(), bufferSize, maxRecordSize, Compression.NONE, this.blankLines);
	}

	@Override
	public long lineBase(ExecutionContext context) {
		return locator(context).firstLine() - 1;
	}

	@Override
	public JsonlLocator locator(ExecutionContext context) {
		return new JsonlLocator(this.file, this.displayName, names(), ByteRange.readFrom(context), Compression.NONE);
	}

	@Override
	public UnitProgress progress(ExecutionContext context) {
		return ByteRange.progress(context);
	}

	@Override
	public List<String> coverage(Map<String, ExecutionContext> units) {
		return ByteRange.coverage(units, this.dataStart, "the data", fileSize());
	}

	/** The average line length over the first {@code bufferSize} bytes of data (their whole lines), or -1. */
	@Override
	public long averageRecordBytes(int bufferSize, int maxRecordSize) {
		return averageLineBytes(Compression.NONE, bufferSize, maxRecordSize);
	}

	/** The average line length over the first {@code bufferSize} bytes of the (decompressed) data, or -1. */
	long averageLineBytes(Compression compression, int bufferSize, int maxRecordSize) {
		try (InputBytes channel = compression.open(this.file, this.displayName)) {
			JsonlLines lines = new JsonlLines(channel, Math.min(bufferSize, 1 << 20), maxRecordSize);
			lines.seek(this.dataStart);
			long bytes = 0;
			long count = 0;
			while (bytes < bufferSize && lines.next()) {
				bytes += lines.rawLength();
				count++;
			}
			return count == 0 ? -1 : bytes / count;
		}
		catch (IOException ex) {
			return -1;
		}
	}

	/** No preamble: a reject file of JSON Lines is JSON Lines, loadable as it is. */
	@Override
	public byte[] rejectFilePreamble() {
		return new byte[0];
	}

	@Override
	public byte[] rejectRecordEnd() {
		return new byte[] { '\n' };
	}

}
