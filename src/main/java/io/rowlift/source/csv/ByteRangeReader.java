package io.rowlift.source.csv;

import java.io.IOException;
import java.nio.file.Path;

import io.rowlift.model.BadRecordException;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;
import io.rowlift.source.BlankLines;
import io.rowlift.source.ByteRange;
import io.rowlift.source.Compression;
import io.rowlift.source.InputBytes;
import io.rowlift.source.RangePosition;
import io.rowlift.source.RangeReader;

/**
 * Reads the CSV records of one {@link ByteRange}: those that start inside it. The open, save and close
 * lifecycle, and so the restart, are the byte-range formats' ({@link RangeReader}: the byte offset of the next
 * record and its relative line, {@link RangePosition}); this class brings the CSV parser. A blank line that starts
 * inside the range is skipped and counted, or under {@code rowlift.source.blank-lines=fail} returned as a bad record
 * ({@link BlankLines}); one past the range's end is the next range's.
 *
 * <p>Not thread-safe: one instance per partition (step scope).
 */
public final class ByteRangeReader extends RangeReader {

	private final CsvFormat format;

	private CsvRecordParser parser;

	private long end;

	private SourceLocator locator;

	/** The trailing field of a file whose lines end with a delimiter ({@link TrailingDelimiter}), or -1. */
	private final int trailingField;

	/**
	 * @param file the input
	 * @param displayName how messages name the file
	 * @param format the dialect
	 * @param bufferSize initial read buffer, bytes
	 * @param maxRecordSize longest record accepted, bytes
	 */
	public ByteRangeReader(Path file, String displayName, CsvFormat format, int bufferSize, int maxRecordSize) {
		this(file, displayName, format, bufferSize, maxRecordSize, Compression.NONE, BlankLines.SKIP);
	}

	/**
	 * A reader of a compressed input's one unit ({@link CompressedCsvInput}): the range is in uncompressed
	 * bytes, and a saved offset is reached by decompressing the file up to it (without parsing).
	 */
	public ByteRangeReader(Path file, String displayName, CsvFormat format, int bufferSize, int maxRecordSize,
			Compression compression, BlankLines blankLines) {
		this(file, displayName, format, bufferSize, maxRecordSize, compression, blankLines, -1);
	}

	/** @param trailingField the trailing field of a file whose lines end with a delimiter ({@link TrailingDelimiter}), or -1 */
	ByteRangeReader(Path file, String displayName, CsvFormat format, int bufferSize, int maxRecordSize,
			Compression compression, BlankLines blankLines, int trailingField) {
		super(file, displayName, bufferSize, maxRecordSize, compression, blankLines);
		this.trailingField = trailingField;
		this.format = format;
		if (format.wide() != null) {
			transcode(format.wide());
		}
	}

	@Override
	protected void start(InputBytes bytes, ByteRange range, RangePosition at) {
		this.locator = new SourceLocator(this.file, this.displayName, this.format, range, this.compression);
		this.end = range.end();
		this.parser = new CsvRecordParser(bytes, this.format, this.bufferSize, this.maxRecordSize);
		this.parser.seek(at.offset(), at.line());
	}

	@Override
	public RawRecord read() throws IOException {
		while (true) {
			RawRecord record = transcoded() ? nextTranscoded() : next();
			if (record == null) {
				return null;
			}
			if (this.parser.blankLine()) {
				if (this.blankLines.skipped()) {
					this.blankLinesSkipped++;
					continue;
				}
				record = record.at(record.offset(), record.rawLength(), new RecordProblem(BlankLines.REASON, record.offset(), 0));
			}
			else if (record.problem() == null && TrailingDelimiter.holdsValue(record, this.trailingField)) {
				long at = this.locator.where(record, this.trailingField).offset(); // found again in the file: bad records only
				record = record.at(record.offset(), record.rawLength(), new RecordProblem(TrailingDelimiter.PROBLEM, at,
						this.trailingField));
			}
			return counted(record);
		}
	}

	/** The next record of the range, blank lines included; null past its end. */
	private RawRecord next() throws IOException {
		if (this.parser.position() >= this.end) {
			return null;
		}
		RawRecord record;
		try {
			record = this.parser.next();
		}
		catch (CsvSyntaxException ex) {
			throw new BadRecordException(this.locator.at(ex, this.parser.line()) + ": " + ex.getMessage());
		}
		if (record == null || record.offset() >= this.end) {
			if (record == null) {
				endOfData();
			}
			return null;
		}
		return record;
	}

	/** {@link #next} of a UTF-16 or UTF-32 file: the parser reads UTF-8, the places are mapped back to the file's. */
	private RawRecord nextTranscoded() throws IOException {
		RawRecord record;
		try {
			record = this.parser.next();
		}
		catch (CsvSyntaxException ex) {
			long recordOffset = inFile(ex.recordOffset());
			CsvSyntaxException mapped = new CsvSyntaxException(ex.getMessage(), inFile(Math.max(ex.offset(), ex.recordOffset())),
					recordOffset, ex.field());
			throw new BadRecordException(this.locator.at(mapped, this.parser.line()) + ": " + ex.getMessage());
		}
		if (record == null) {
			endOfData();
			return null;
		}
		record = inFile(record);
		if (record.offset() >= this.end) {
			return null;
		}
		return record;
	}

	@Override
	protected long parserPosition() {
		return this.parser.position();
	}

	@Override
	protected long parserLine() {
		return this.parser.line();
	}

	/** The relative line of {@link #position()}. */
	public long line() {
		return this.parser.line();
	}

	/** Where this reader's records are, for messages about them (available after {@link #open}). */
	public SourceLocator locator() {
		return this.locator;
	}

}
