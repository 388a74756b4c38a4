package io.rowlift.source.jsonl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;

import io.rowlift.source.JsonKeys;
import io.rowlift.source.JsonObjectParser;
import io.rowlift.model.BadRecordException;
import io.rowlift.model.RawRecord;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.UnitReader;

/**
 * Reads the lines of one {@link JsonlRange}, those that start inside it, one record each; blank lines are
 * skipped (and counted as lines).
 *
 * <p><b>Restart:</b> saves the byte offset of the next unread line and its relative line
 * ({@link JsonlPosition}) with the records read; on {@link #open} it seeks to a saved offset and reads
 * on, so a resumed unit neither skips nor repeats a line.
 *
 * <p>Not thread-safe: one instance per unit (step scope).
 */
final class JsonlReader implements UnitReader {

	private final Path file;

	private final String displayName;

	private final List<String> names;

	private final int bufferSize;

	private final int maxRecordSize;

	private FileChannel channel;

	private JsonlLines lines;

	private JsonObjectParser parser;

	private JsonlRange range;

	private JsonlLocator locator;

	private long line;

	private long count;

	private long readAtOpen;

	private JsonlPosition opened;

	JsonlReader(Path file, String displayName, List<String> names, int bufferSize, int maxRecordSize) {
		this.file = file;
		this.displayName = displayName;
		this.names = names;
		this.bufferSize = bufferSize;
		this.maxRecordSize = maxRecordSize;
	}

	@Override
	public void open(ExecutionContext context) throws ItemStreamException {
		this.range = JsonlRange.readFrom(context);
		this.locator = new JsonlLocator(this.file, this.displayName, this.names, this.range);
		try {
			this.channel = FileChannel.open(this.file, StandardOpenOption.READ);
		}
		catch (IOException ex) {
			throw new ItemStreamException("cannot open " + this.displayName + ": " + ex.getMessage(), ex);
		}
		this.lines = new JsonlLines(this.channel, Math.min(this.bufferSize, 1 << 20), this.maxRecordSize);
		this.parser = new JsonObjectParser(new JsonKeys(this.names), this.maxRecordSize);
		this.count = PartitionProgress.readFrom(context).read();
		this.readAtOpen = this.count;
		this.opened = JsonlPosition.readFrom(context, this.range);
		this.lines.seek(this.opened.offset());
		this.line = this.opened.line();
	}

	@Override
	public RawRecord read() throws IOException {
		while (this.lines.position() < this.range.end()) {
			try {
				if (!this.lines.next()) {
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
			if (this.lines.blank()) {
				continue;
			}
			this.count++;
			return this.parser.parse(this.lines.buffer(), this.lines.start(), this.lines.length(), this.lines.offset(), at,
					this.lines.rawLength(), ends);
		}
		return null;
	}

	private long position() {
		return Math.min(this.lines.position(), this.range.end());
	}

	@Override
	public void update(ExecutionContext context) {
		saveReached(context, this.count);
	}

	@Override
	public void saveReached(ExecutionContext context, long read) {
		JsonlPosition.save(context, position(), this.line);
		PartitionProgress.saveRead(context, read);
	}

	@Override
	public void saveAfter(ExecutionContext context, RawRecord record, long read) {
		if (record == null) {
			JsonlPosition.save(context, this.opened.offset(), this.opened.line());
		}
		else {
			JsonlPosition.save(context, record.offset() + record.rawLength(), record.line() + record.lines());
		}
		PartitionProgress.saveRead(context, read);
	}

	@Override
	public long readAtOpen() {
		return this.readAtOpen;
	}

	@Override
	public void close() {
		try {
			if (this.channel != null) {
				this.channel.close();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			this.channel = null;
		}
	}

}
