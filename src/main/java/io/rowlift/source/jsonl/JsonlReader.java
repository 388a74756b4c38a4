package io.rowlift.source.jsonl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.rowlift.source.JsonKeys;
import io.rowlift.source.JsonObjectParser;
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
 * Reads the lines of one {@link ByteRange}, those that start inside it, one record each; a blank line (nothing but
 * spaces, tabs and a CR) is skipped and counted, or under {@code rowlift.source.blank-lines=fail} a bad record
 * ({@link BlankLines}). The open, save and close lifecycle, and so the restart, are the byte-range
 * formats' ({@link RangeReader}: the byte offset of the next line and its relative line, {@link RangePosition});
 * this class brings the line cutter and the JSON parser. Of a compressed file it reads the one unit's
 * decompressed bytes.
 *
 * <p>Not thread-safe: one instance per unit (step scope).
 */
final class JsonlReader extends RangeReader {

	private final List<String> names;

	private JsonlLines lines;

	private JsonObjectParser parser;

	private long end;

	private JsonlLocator locator;

	private long line;

	JsonlReader(Path file, String displayName, List<String> names, int bufferSize, int maxRecordSize,
			Compression compression, BlankLines blankLines) {
		super(file, displayName, bufferSize, maxRecordSize, compression, blankLines);
		this.names = names;
	}

	@Override
	protected void start(InputBytes bytes, ByteRange range, RangePosition at) {
		this.locator = new JsonlLocator(this.file, this.displayName, this.names, range, this.compression);
		this.end = range.end();
		this.lines = new JsonlLines(bytes, Math.min(this.bufferSize, 1 << 20), this.maxRecordSize);
		this.parser = new JsonObjectParser(new JsonKeys(this.names), this.maxRecordSize);
		this.lines.seek(at.offset());
		this.line = at.line();
	}

	@Override
	public RawRecord read() throws IOException {
		while (this.lines.position() < this.end) {
			try {
				if (!this.lines.next()) {
					endOfData();
					return null;
				}
			}
			catch (JsonlLines.TooLong ex) {
				throw new BadRecordException(this.locator.lineAt(ex.offset(), this.line) + ": a line longer than "
						+ "rowlift.source.max-record-size (" + this.maxRecordSize + " bytes); raise it if the line is meant to be "
						+ "that long, or check that the file is JSON Lines (one object per line)");
			}
			long at = this.line;
			int ends = this.lines.rawLength() > this.lines.length() && this.lines.buffer()[this.lines.start()
					+ this.lines.rawLength() - 1] == '\n' ? 1 : 0;
			this.line += ends;
			boolean blank = this.lines.blank();
			if (blank && this.blankLines.skipped()) {
				this.blankLinesSkipped++;
				continue;
			}
			RawRecord record = this.parser.parse(this.lines.buffer(), this.lines.start(), this.lines.length(), this.lines.offset(),
					at, this.lines.rawLength(), ends);
			if (blank) {
				record = record.at(record.offset(), record.rawLength(), new RecordProblem(BlankLines.REASON, record.offset(), 0));
			}
			return counted(record);
		}
		return null;
	}

	@Override
	protected long parserPosition() {
		return this.lines.position();
	}

	@Override
	protected long parserLine() {
		return this.line;
	}

}
