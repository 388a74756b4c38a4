package io.rowlift.source.csv;

import io.rowlift.model.BadRecordException;
import io.rowlift.model.RawRecord;
import io.rowlift.source.Compression;
import io.rowlift.source.InputBytes;
import io.rowlift.source.UnitReader;
import io.rowlift.progress.PartitionProgress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;

/**
 * Reads the records of one {@link ByteRange}: those that start inside it.
 *
 * <p><b>Restart:</b> {@link #update} saves the byte offset of the next unread record and its relative
 * line ({@link CsvPosition}) and the records read so far (its part of the {@link PartitionProgress}); the chunk step writes them in the same transaction as the chunk's rows. On
 * {@link #open} a saved offset is used as it is: the reader seeks there in O(1) and reads on, so a
 * resumed partition neither skips nor repeats a record.
 *
 * <p>Not thread-safe: one instance per partition (step scope).
 */
public final class ByteRangeReader implements UnitReader {

	private final Path file;

	private final CsvFormat format;

	private final int bufferSize;

	private final int maxRecordSize;

	private final String displayName;

	private final Compression compression;

	private InputBytes channel;

	/** Whether {@link #read} found the end of the data (a compressed unit's end: its size is known only then). */
	private boolean ended;

	private CsvRecordParser parser;

	private ByteRange range;

	private SourceLocator locator;

	private long count;

	private long readAtOpen;

	private CsvPosition opened;

	/**
	 * @param file the input
	 * @param displayName how messages name the file
	 * @param format the dialect
	 * @param bufferSize initial read buffer, bytes
	 * @param maxRecordSize longest record accepted, bytes
	 */
	public ByteRangeReader(Path file, String displayName, CsvFormat format, int bufferSize, int maxRecordSize) {
		this(file, displayName, format, bufferSize, maxRecordSize, Compression.NONE);
	}

	/**
	 * A reader of a compressed input's one unit ({@link CompressedCsvInput}): the range is in uncompressed
	 * bytes, and a saved offset is reached by decompressing the file up to it (without parsing).
	 */
	public ByteRangeReader(Path file, String displayName, CsvFormat format, int bufferSize, int maxRecordSize,
			Compression compression) {
		this.compression = compression;
		this.file = file;
		this.displayName = displayName;
		this.format = format;
		this.bufferSize = bufferSize;
		this.maxRecordSize = maxRecordSize;
	}

	@Override
	public void open(ExecutionContext context) throws ItemStreamException {
		this.range = ByteRange.readFrom(context);
		this.locator = new SourceLocator(this.file, this.displayName, this.format, this.range, this.compression);
		try {
			this.channel = this.compression.open(this.file, this.displayName);
		}
		catch (IOException ex) {
			throw new ItemStreamException("cannot open " + this.displayName + ": " + ex.getMessage(), ex);
		}
		this.parser = new CsvRecordParser(this.channel, this.format, this.bufferSize, this.maxRecordSize);
		this.count = PartitionProgress.readFrom(context).read();
		this.readAtOpen = this.count;
		this.opened = CsvPosition.readFrom(context, this.range);
		this.parser.seek(this.opened.offset(), this.opened.line());
	}

	@Override
	public RawRecord read() throws IOException {
		if (this.parser.position() >= this.range.end()) {
			return null;
		}
		RawRecord record;
		try {
			record = this.parser.next();
		}
		catch (CsvSyntaxException ex) {
			throw new BadRecordException(this.locator.at(ex, this.parser.line()) + ": " + ex.getMessage());
		}
		if (record == null || record.offset() >= this.range.end()) {
			this.ended = record == null;
			return null;
		}
		this.count++;
		return record;
	}

	/** The offset a resume starts at, were the reader's state saved now. */
	public long position() {
		return Math.min(this.parser.position(), this.range.end());
	}

	/** The relative line of {@link #position()}. */
	public long line() {
		return this.parser.line();
	}

	/** The range this reader reads (after {@link #open}). */
	public ByteRange range() {
		return this.range;
	}

	@Override
	public void update(ExecutionContext context) {
		saveReached(context, this.count);
	}

	@Override
	public void saveReached(ExecutionContext context, long read) {
		// a record peeked past the range end (after comment lines) belongs to the next partition
		CsvPosition.save(context, position(), this.parser.line());
		if (this.compression.compressed()) {
			CompressedCsvInput.saveCompressed(context, this.channel == null ? 0 : this.channel.compressedRead(), this.ended);
		}
		PartitionProgress.saveRead(context, read);
	}

	@Override
	public void saveAfter(ExecutionContext context, RawRecord record, long read) {
		if (record == null) {
			CsvPosition.save(context, this.opened.offset(), this.opened.line());
		}
		else {
			CsvPosition.save(context, record.offset() + record.rawLength(), record.line() + record.lines());
		}
		if (this.compression.compressed()) {
			// the compressed bytes read so far: ahead of the record by what was parsed ahead (progress only)
			InputBytes bytes = this.channel;
			CompressedCsvInput.saveCompressed(context, bytes == null ? 0 : bytes.compressedRead(), false);
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

	/** Where this reader's records are, for messages about them (available after {@link #open}). */
	public SourceLocator locator() {
		return this.locator;
	}

}
