package io.rowlift.source.csv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import io.rowlift.RowliftException;
import io.rowlift.source.BlankLines;
import io.rowlift.source.CompressedInput;
import io.rowlift.source.Compression;
import io.rowlift.source.DamagedArchiveException;
import io.rowlift.source.InputCapability;
import io.rowlift.source.InputFormat;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceProperties;
import io.rowlift.source.WideCharset;

/**
 * CSV: one seekable file in the dialect of {@code rowlift.source.*}, split into byte ranges whose
 * bounds are record starts ({@link ByteRangePartitioner}), each read from its saved byte offset
 * ({@link ByteRangeReader}, {@link io.rowlift.source.RangePosition}). Both pipelines read it.
 *
 * <p>A compressed CSV file ({@code rowlift.source.compression}, by default from a {@code .gz} or {@code .zst}
 * name: {@link Compression}) opens as a {@link CompressedCsvInput}: one unit, read by the same parser over
 * the decompressed bytes, by the {@code fast} pipeline only. Its format is an instance of this class for
 * that compression: named {@code csv} too (a stored plan keeps the compression in the input's state, and
 * {@link #reopen} reads it), without {@link InputCapability#BYTE_RANGES} and
 * {@link InputCapability#SPRING_PIPELINE}. Stateless; thread-safe.
 */
public final class CsvInputFormat implements InputFormat {

	/** The format's name. */
	public static final String NAME = "csv";

	private final Compression compression;

	/** The file's charset when it is UTF-16 or UTF-32, else null. */
	private final WideCharset wide;

	/** Plain CSV, the registry's format; it opens compressed files, and UTF-16 and UTF-32 ones, too. */
	public CsvInputFormat() {
		this(Compression.NONE, null);
	}

	private CsvInputFormat(Compression compression, WideCharset wide) {
		this.compression = compression;
		this.wide = wide;
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public String description() {
		String csv = this.wide == null ? NAME : this.wide.charset().name() + " " + NAME;
		return this.compression.compressed() ? this.compression.setting() + "-compressed " + csv : csv;
	}

	/**
	 * Plain CSV: byte ranges and the {@code spring} pipeline; in UTF-16 or UTF-32, byte ranges only (the
	 * {@code spring} pipeline's reader cuts lines byte by byte); compressed: neither (one unit).
	 */
	@Override
	public Set<InputCapability> capabilities() {
		if (this.compression.compressed()) {
			return EnumSet.noneOf(InputCapability.class);
		}
		return this.wide != null ? EnumSet.of(InputCapability.BYTE_RANGES)
				: EnumSet.of(InputCapability.BYTE_RANGES, InputCapability.SPRING_PIPELINE);
	}

	@Override
	public void checkSettings(SourceProperties settings) {
		CsvFormat.of(settings);
		Compression.check(settings.compression());
	}

	/**
	 * Reads the header (and a BOM), resolving an {@code auto} line ending; of a compressed file, from its
	 * decompressed start, and then checks the whole file by decompressing it once ({@link Compression#verify}):
	 * damage is exit 2, naming the compressed and the uncompressed byte, before anything is written.
	 */
	@Override
	public InputSource open(Path file, String displayName, SourceProperties settings) {
		CsvFormat format = CsvFormat.of(settings);
		Compression compression = Compression.of(file, settings.compression());
		try {
			CsvHeader header = CsvHeader.read(file, displayName, format, compression);
			compression.verify(file, displayName); // damage is exit 2 before anything is written, not garbage records
			return of(file, displayName, header, compression, settings.blankLines());
		}
		catch (IOException ex) {
			throw RowliftException.badInput(ex instanceof DamagedArchiveException ? ex.getMessage()
					: displayName + ": cannot be read: " + ex.getMessage());
		}
	}

	@Override
	public InputSource reopen(Path file, String displayName, Map<String, ?> state) {
		return of(file, displayName, CsvInput.headerOf(state), CompressedInput.of(file, state), CsvInput.blankLinesOf(state));
	}

	private InputSource of(Path file, String displayName, CsvHeader header, Compression compression, BlankLines blankLines) {
		WideCharset wide = header.format().wide();
		if (!compression.compressed()) {
			return new CsvInput(wide == null ? this : new CsvInputFormat(compression, wide), file, displayName, header, blankLines);
		}
		CsvInputFormat format = new CsvInputFormat(compression, wide);
		return new CompressedCsvInput(format, new CsvInput(format, file, displayName, header, blankLines), compression);
	}

	/**
	 * The CSV side of {@code source}, for the code that reads CSV itself (the {@code spring} pipeline, which
	 * takes inputs with {@link InputCapability#SPRING_PIPELINE}).
	 * @throws IllegalArgumentException when {@code source} is not CSV: a caller that did not check the capability
	 */
	public static CsvInput of(InputSource source) {
		if (source instanceof CsvInput csv) {
			return csv;
		}
		throw new IllegalArgumentException(source.format().name() + " input is not CSV: " + source.displayName());
	}

}
