package io.rowlift.source.csv;

import java.io.IOException;
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
 * CSV: one seekable file in the dialect of {@code rowlift.source.*}, split into byte ranges whose
 * bounds are record starts ({@link ByteRangePartitioner}), each read from its saved byte offset
 * ({@link ByteRangeReader}, {@link CsvPosition}). Both pipelines read it. Stateless; thread-safe.
 */
public final class CsvInputFormat implements InputFormat {

	/** The format's name. */
	public static final String NAME = "csv";

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public Set<InputCapability> capabilities() {
		return EnumSet.of(InputCapability.BYTE_RANGES, InputCapability.SPRING_PIPELINE);
	}

	@Override
	public void checkSettings(SourceProperties settings) {
		CsvFormat.of(settings);
	}

	/** Reads the header (and a BOM), resolving an {@code auto} line ending. */
	@Override
	public CsvInput open(Path file, String displayName, SourceProperties settings) {
		CsvFormat format = CsvFormat.of(settings);
		try {
			return new CsvInput(this, file, displayName, CsvHeader.read(file, displayName, format));
		}
		catch (IOException ex) {
			throw RowliftException.badInput(displayName + ": cannot be read: " + ex.getMessage());
		}
	}

	@Override
	public CsvInput reopen(Path file, String displayName, Map<String, ?> state) {
		return new CsvInput(this, file, displayName, CsvInput.headerOf(state));
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
