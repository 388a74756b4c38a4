package io.rowlift.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;

/**
 * A compressed file (gzip, zstd) of a byte-range format opened for a load, what CSV and JSON Lines share of
 * it. A compressed stream cannot be entered in the middle, so the data is one unit, {@code partition0},
 * whatever the partition count: one reader decompresses and parses it (with {@code rowlift.job.read-ahead}, on
 * a thread of its own, while the step converts and writes), through the format's own parser over the
 * decompressed bytes ({@link RangeReader} with a {@link Compression}). The unit is a {@link ByteRange} of the
 * uncompressed data from the first record on, its end unknown ({@link Long#MAX_VALUE}) until the reader
 * reaches it. A subclass brings the format's reader, locator and sample; the fields, names and reject file
 * come from the plain input of the same data it wraps.
 *
 * <p><b>Restart:</b> the saved position is the plain format's ({@link RangePosition}: the uncompressed offset
 * of the next record, its line) with the records read, and where the gzip member or zstd frame that holds that
 * offset starts ({@link FrameStart}); a resume enters the file there (at its start when none is saved: a file of
 * one member or frame, or a position saved by an earlier version), decompresses up to the offset and drops
 * that, without parsing it, then reads on. The compressed bytes read ({@value #COMPRESSED}) and whether
 * the unit ended ({@value #ENDED}) are saved beside it, for the progress and the accounting.
 *
 * <p>Progress is in compressed bytes of the file: what the decompressor has read of the file's size.
 * Immutable; thread-safe.
 */
public abstract class CompressedInput implements InputSource {

	/** Context key: compressed bytes read when the position was saved. */
	public static final String COMPRESSED = "reader.compressed";

	/** Context key: 1 once the reader found the end of the data. */
	public static final String ENDED = "reader.ended";

	/** The input state's key for the compression ({@link Compression#setting()}), beside the plain input's state. */
	public static final String STATE_KEY = "compression";

	/** The checkpoint announced once the unit is planned, as the byte-range partitioners announce theirs. */
	static final String CHECKPOINT = "partition";

	private final InputFormat format;

	private final InputSource plain;

	private final Compression compression;

	private final long dataStart;

	private final long dataStartLine;

	/**
	 * @param format the format for this compression (its description names it, it has no capabilities)
	 * @param plain the same data as a plain input: names, charset, state and reject file come from it
	 * @param compression how the file is compressed
	 * @param dataStart uncompressed offset of the first record
	 * @param dataStartLine physical line of the first record
	 */
	protected CompressedInput(InputFormat format, InputSource plain, Compression compression, long dataStart,
			long dataStartLine) {
		this.format = format;
		this.plain = plain;
		this.compression = compression;
		this.dataStart = dataStart;
		this.dataStartLine = dataStartLine;
	}

	static void saveStream(ExecutionContext context, long compressedRead, boolean ended) {
		context.putLong(COMPRESSED, compressedRead);
		context.putLong(ENDED, ended ? 1 : 0);
	}

	/** How the file is compressed. */
	public final Compression compression() {
		return this.compression;
	}

	/** The compression a stored input state names (none when it names none: a plain input's state). */
	public static Compression of(Path file, Map<String, ?> state) {
		Object compression = state.get(STATE_KEY);
		return compression == null ? Compression.NONE : Compression.of(file, String.valueOf(compression));
	}

	@Override
	public final InputFormat format() {
		return this.format;
	}

	@Override
	public final Path file() {
		return this.plain.file();
	}

	@Override
	public final String displayName() {
		return this.plain.displayName();
	}

	@Override
	public final String readingNote() {
		return this.plain.readingNote();
	}

	@Override
	public final List<String> names() {
		return this.plain.names();
	}

	@Override
	public final int fieldCount() {
		return this.plain.fieldCount();
	}

	@Override
	public final boolean named() {
		return this.plain.named();
	}

	@Override
	public final String nameLocation(int field) {
		return this.plain.nameLocation(field);
	}

	@Override
	public final boolean unknownNamesIgnored() {
		return this.plain.unknownNamesIgnored();
	}

	@Override
	public final Charset charset() {
		return this.plain.charset();
	}

	/** Compressed bytes of the file. */
	@Override
	public final String measure() {
		return "bytes";
	}

	/** The compressed file's size (its header included: the uncompressed header's share of it is unknown). */
	@Override
	public final long size() {
		try {
			return Files.size(file());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the size of " + displayName() + ": " + ex.getMessage(), ex);
		}
	}

	/** The one unit: the uncompressed data from the first record to its end. */
	protected final ByteRange range() {
		return new ByteRange(0, this.dataStart, Long.MAX_VALUE, this.dataStartLine);
	}

	/** One unit, whatever {@code gridSize}: a compressed stream is read from its start. */
	@Override
	public final Partitioner partitioner(Checkpoints checkpoints) {
		return gridSize -> {
			Map<String, ExecutionContext> units = new LinkedHashMap<>();
			units.put(PARTITION + 0, whole());
			checkpoints.reached(CHECKPOINT);
			return units;
		};
	}

	@Override
	public final boolean holdsUnit(ExecutionContext context) {
		return ByteRange.isIn(context);
	}

	@Override
	public final ExecutionContext whole() {
		return range().context();
	}

	@Override
	public final long lineBase(ExecutionContext context) {
		return 0;
	}

	/** Compressed bytes read of the file's size; ended once the reader found the end of the data. */
	@Override
	public final UnitProgress progress(ExecutionContext context) {
		if (!ByteRange.isIn(context)) {
			return UnitProgress.NONE;
		}
		long total = size();
		boolean ended = context.getLong(ENDED, 0L) == 1;
		long done = ended ? total : Math.min(total, context.getLong(COMPRESSED, 0L));
		RangePosition at = RangePosition.readFrom(context, range());
		long line = this.dataStartLine + at.line();
		return new UnitProgress(done, total, ended, "line " + line + " (uncompressed byte " + at.offset() + ")",
				"the whole " + this.compression.setting() + " stream, " + total + " compressed bytes",
				"read up to line " + line + " (uncompressed byte " + at.offset() + "; " + done + " of " + total
						+ " compressed bytes) without reaching the end of the " + this.compression.setting() + " stream");
	}

	/** One unit, {@code partition0}, starting at the first record. */
	@Override
	public final List<String> coverage(Map<String, ExecutionContext> units) {
		if (units.size() != 1 || !units.containsKey(PARTITION + 0)) {
			return List.of("a compressed input is one unit, partition0, but the run has " + units.keySet());
		}
		ByteRange unit = ByteRange.readFrom(units.get(PARTITION + 0));
		if (unit.start() != this.dataStart) {
			return List.of("partition0 starts at uncompressed byte " + unit.start() + " but the data's first record starts at "
					+ this.dataStart);
		}
		return List.of();
	}

	/** The plain input's state and the compression. */
	@Override
	public final Map<String, Object> state() {
		Map<String, Object> state = new LinkedHashMap<>(this.plain.state());
		state.put(STATE_KEY, this.compression.setting());
		return state;
	}

	@Override
	public final byte[] rejectFilePreamble() {
		return this.plain.rejectFilePreamble();
	}

	@Override
	public final byte[] rejectRecordEnd() {
		return this.plain.rejectRecordEnd();
	}

}
