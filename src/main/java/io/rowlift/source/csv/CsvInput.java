package io.rowlift.source.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.source.BlankLines;
import io.rowlift.source.ByteRange;
import io.rowlift.source.InputFormat;
import io.rowlift.source.LineEnding;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitProgress;

/**
 * A CSV file opened for a load: its header, its byte ranges, the readers over them. Progress and
 * coverage are in bytes of the file. Immutable; thread-safe.
 */
public final class CsvInput implements InputSource {

	private final InputFormat format;

	private final Path file;

	private final String displayName;

	private final CsvHeader header;

	private final BlankLines blankLines;

	CsvInput(InputFormat format, Path file, String displayName, CsvHeader header, BlankLines blankLines) {
		this.format = format;
		this.file = file;
		this.displayName = displayName;
		this.header = header;
		this.blankLines = blankLines;
	}

	@Override
	public Map<String, Object> state() {
		CsvFormat f = this.header.format();
		Map<String, Object> state = new LinkedHashMap<>();
		state.put("delimiter", (int) f.delimiter());
		state.put("quote", (int) f.quote());
		state.put("escape", f.escape());
		state.put("comment", f.comment());
		state.put("header", f.header());
		state.put("lineEnding", f.lineEnding().name());
		state.put("charset", f.charset().name());
		state.put("nullValue", f.nullValue() == null ? null : Base64.getEncoder().encodeToString(f.nullValue()));
		state.put("names", List.copyOf(this.header.names()));
		// longs as text: JSON gives a small number back as an int, and the stored plan must read back equal
		state.put("dataStart", Long.toString(this.header.dataStart()));
		state.put("dataStartLine", Long.toString(this.header.dataStartLine()));
		state.put("fieldCount", this.header.fieldCount());
		state.put("headerBytes", Base64.getEncoder().encodeToString(this.header.headerBytes()));
		// a resume counts blank lines as the run it resumes did, whatever the command line says now
		state.put("blankLines", this.blankLines.name());
		return state;
	}

	/** The rule for blank lines that {@link #state()} describes ({@link BlankLines#SKIP} in a state written before it was kept). */
	static BlankLines blankLinesOf(Map<String, ?> state) {
		Object rule = state.get("blankLines");
		return rule == null ? BlankLines.SKIP : BlankLines.valueOf(String.valueOf(rule));
	}

	/** The header (and dialect) that {@link #state()} describes. */
	static CsvHeader headerOf(Map<String, ?> state) {
		Object nullValue = state.get("nullValue");
		CsvFormat format = new CsvFormat((byte) number(state, "delimiter").intValue(), (byte) number(state, "quote").intValue(),
				number(state, "escape").intValue(), number(state, "comment").intValue(), (Boolean) state.get("header"),
				LineEnding.valueOf((String) state.get("lineEnding")), Charset.forName((String) state.get("charset")),
				nullValue == null ? null : Base64.getDecoder().decode((String) nullValue));
		List<String> names = ((List<?>) state.get("names")).stream().map(String::valueOf).toList();
		return new CsvHeader(names, number(state, "dataStart").longValue(), number(state, "dataStartLine").longValue(),
				number(state, "fieldCount").intValue(), format, Base64.getDecoder().decode((String) state.get("headerBytes")));
	}

	private static Number number(Map<String, ?> state, String key) {
		Object value = state.get(key);
		if (value instanceof Number n) {
			return n;
		}
		if (value instanceof String text) {
			try {
				return Long.parseLong(text);
			}
			catch (NumberFormatException ex) {
				// reported below
			}
		}
		throw new IllegalStateException("stored CSV input state: '" + key + "' is " + value + ", not a number");
	}

	/** A CSV input of {@code file} whose start was read already (tests, tools). */
	public static CsvInput of(Path file, String displayName, CsvHeader header) {
		return new CsvInput(new CsvInputFormat(), file, displayName, header, BlankLines.SKIP);
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

	/** The dialect, its line ending resolved. */
	public CsvFormat csvFormat() {
		return this.header.format();
	}

	/** What a blank line of the file is ({@code rowlift.source.blank-lines}). */
	public BlankLines blankLines() {
		return this.blankLines;
	}

	/**
	 * The trailing field of a file whose every line ends with a delimiter (its header's last name empty,
	 * {@link TrailingDelimiter}), or -1.
	 */
	public int trailingField() {
		return this.header.format().header() ? TrailingDelimiter.field(this.header.names()) : -1;
	}

	@Override
	public String readingNote() {
		return trailingField() < 0 ? null : TrailingDelimiter.NOTE;
	}

	/** Where the data starts and what the header says. */
	public CsvHeader header() {
		return this.header;
	}

	@Override
	public List<String> names() {
		return this.header.names();
	}

	@Override
	public int fieldCount() {
		return this.header.fieldCount();
	}

	@Override
	public boolean named() {
		return this.header.format().header();
	}

	/** The values' charset: the file's, or UTF-8 for a UTF-16 or UTF-32 file (read through its UTF-8 copy). */
	@Override
	public Charset charset() {
		return this.header.format().valueCharset();
	}

	@Override
	public String measure() {
		return "bytes";
	}

	/** The file's bytes after the header (0 when it shrank below it). */
	@Override
	public long size() {
		return Math.max(0, fileSize() - this.header.dataStart());
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
		return partitioner(Runtime.getRuntime().availableProcessors(), checkpoints);
	}

	/** The partitioner, its split-point scan on {@code scanThreads} threads. */
	public ByteRangePartitioner partitioner(int scanThreads, Checkpoints checkpoints) {
		return new ByteRangePartitioner(this.file, this.header.format(), this.header.dataStart(), this.header.dataStartLine(),
				scanThreads, checkpoints);
	}

	@Override
	public boolean holdsUnit(ExecutionContext context) {
		return ByteRange.isIn(context);
	}

	/** The range from the first record to the end of the file. */
	public ByteRange wholeRange() {
		return new ByteRange(0, this.header.dataStart(), Math.max(this.header.dataStart(), fileSize()),
				this.header.dataStartLine());
	}

	@Override
	public ExecutionContext whole() {
		return wholeRange().context();
	}

	@Override
	public ByteRangeReader reader(int bufferSize, int maxRecordSize) {
		return new ByteRangeReader(this.file, this.displayName, this.header.format(), bufferSize, maxRecordSize,
				io.rowlift.source.Compression.NONE, this.blankLines, trailingField());
	}

	@Override
	public long lineBase(ExecutionContext context) {
		return ByteRange.readFrom(context).firstLine() - this.header.dataStartLine();
	}

	@Override
	public SourceLocator locator(ExecutionContext context) {
		return new SourceLocator(this.file, this.displayName, this.header.format(), ByteRange.readFrom(context));
	}

	/** Bytes of its range from its start to the saved offset; ended when the offset is the range's end. */
	@Override
	public UnitProgress progress(ExecutionContext context) {
		return ByteRange.progress(context);
	}

	/**
	 * The ranges, in partition order, must start at the first record, meet one another and end at the
	 * file's end.
	 */
	@Override
	public List<String> coverage(Map<String, ExecutionContext> units) {
		return ByteRange.coverage(units, this.header.dataStart(), "the first record (after the header)", fileSize());
	}

	@Override
	public long averageRecordBytes(int bufferSize, int maxRecordSize) {
		return RecordSample.of(this.file, this.header, bufferSize, maxRecordSize).averageBytes();
	}

	@Override
	public byte[] rejectFilePreamble() {
		return this.header.headerBytes();
	}

	@Override
	public byte[] rejectRecordEnd() {
		return switch (this.header.format().lineEnding()) {
			case CRLF -> new byte[] { '\r', '\n' };
			case CR -> new byte[] { '\r' };
			default -> new byte[] { '\n' };
		};
	}

}
