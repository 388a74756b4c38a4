package io.rowlift.source.jsonl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;
import io.rowlift.source.ByteRange;
import io.rowlift.source.Compression;
import io.rowlift.source.InputBytes;
import io.rowlift.model.RecordLocator;
import io.rowlift.model.RecordProblem;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Places in a JSON Lines file for messages: {@code file:line:column (byte offset)}, the line the physical
 * line, the column the key's number among the input's keys (1-based), the byte the offset of the key's value
 * (of the line, for a key the object lacks). The unit's first line is counted from the file's start the first
 * time a message needs it. Thread-safe for one unit's use (messages are rare; the count is synchronized).
 */
final class JsonlLocator implements RecordLocator {

	private static final JsonFactory JSON = new JsonFactory();

	private final Path file;

	private final String displayName;

	private final List<String> names;

	private final long rangeStart;

	private long firstLine;

	private final Compression compression;

	/** A compressed input's bytes, kept open between messages: read forward, so in-order rejects decompress the file once. */
	private InputBytes decompressed;

	JsonlLocator(Path file, String displayName, List<String> names, ByteRange range, Compression compression) {
		this.compression = compression;
		this.file = file;
		this.displayName = displayName;
		this.names = names;
		this.rangeStart = range.start();
		this.firstLine = range.firstLine();
	}

	/** The physical line of the unit's first line, counting line feeds before it if needed. */
	synchronized long firstLine() {
		if (this.firstLine < 0) {
			this.firstLine = countLines(this.file, this.rangeStart) + 1;
		}
		return this.firstLine;
	}

	@Override
	public long line(RawRecord record) {
		return firstLine() + record.line();
	}

	@Override
	public Location where(RawRecord record, int field) {
		long line = line(record);
		if (field < 0) {
			return new Location(this.displayName, line, line, 0, record.offset(), this.compression.compressed());
		}
		return new Location(this.displayName, line, line, field + 1, record.offset() + valueOffset(raw(record), field),
				this.compression.compressed());
	}

	@Override
	public Location where(RawRecord record, RecordProblem problem) {
		long line = line(record);
		return new Location(this.displayName, line, line, problem.field() + 1, problem.offset(), this.compression.compressed());
	}

	/** {@code file:line (byte offset)} of a line that starts at {@code offset}, {@code relativeLine} lines into the unit. */
	String lineAt(long offset, long relativeLine) {
		return this.displayName + ":" + (firstLine() + relativeLine) + " (" + Location.bytePrefix(this.compression.compressed()) + offset
				+ ")";
	}

	@Override
	public byte[] raw(RawRecord record) {
		byte[] raw = new byte[record.rawLength()];
		try {
			if (this.compression.compressed()) {
				readDecompressed(raw, record.offset());
				return raw;
			}
			try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
				ByteBuffer buffer = ByteBuffer.wrap(raw);
				while (buffer.hasRemaining() && channel.read(buffer, record.offset() + buffer.position()) > 0) {
					// read on
				}
				return raw;
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + this.displayName + " at byte " + record.offset(), ex);
		}
	}

	/** Reads {@code raw} at uncompressed {@code offset} from the kept decompressing stream (a stream gives a little at a time). */
	private synchronized void readDecompressed(byte[] raw, long offset) throws IOException {
		if (this.decompressed == null) {
			this.decompressed = this.compression.open(this.file, this.displayName);
		}
		ByteBuffer buffer = ByteBuffer.wrap(raw);
		for (int n; buffer.hasRemaining() && (n = this.decompressed.read(buffer, offset + buffer.position())) >= 0;) {
			// read on (0: the decompressor gave nothing this time)
		}
	}

	/** The offset in {@code line} of the value of key {@code field}, or 0 when the object does not have it. */
	private int valueOffset(byte[] line, int field) {
		String name = this.names.get(field);
		try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), line, 0, line.length)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				return 0;
			}
			while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
				boolean match = parser.currentName().equalsIgnoreCase(name);
				parser.nextToken();
				if (match) {
					return (int) parser.currentTokenLocation().getByteOffset();
				}
				parser.skipChildren();
			}
		}
		catch (JacksonException ex) {
			// the record start will do
		}
		return 0;
	}

	/** Line feeds in {@code [0, to)} of {@code file}. */
	static long countLines(Path file, long to) {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
			byte[] bytes = buffer.array();
			long lines = 0;
			long at = 0;
			while (at < to) {
				buffer.clear();
				buffer.limit((int) Math.min(buffer.capacity(), to - at));
				int n = channel.read(buffer, at);
				if (n <= 0) {
					break;
				}
				for (int i = 0; i < n; i++) {
					if (bytes[i] == '\n') {
						lines++;
					}
				}
				at += n;
			}
			return lines;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + file + " to count lines: " + ex.getMessage(), ex);
		}
	}

}
