package io.rowlift.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;
import io.rowlift.progress.PartitionProgress;

/**
 * The lifecycle of a reader of one {@link ByteRange}, shared by the formats split by byte ranges (CSV,
 * JSON Lines): a subclass brings only its record parser ({@link #start} and {@link #read}). This class opens
 * the input's bytes ({@link Compression#open}: a plain file's, or a compressed file's decompressed ones), reads
 * the unit's range and saved position ({@link RangePosition}) and the records read, saves them after each
 * chunk and closes the bytes.
 *
 * <p><b>Restart:</b> {@link #update} saves the byte offset of the next unread record and its relative line
 * ({@link RangePosition}) and the records read so far (its part of the {@link PartitionProgress}); the chunk
 * step writes them in the same transaction as the chunk's rows. On {@link #open} a saved offset is used as it
 * is: the subclass's parser seeks there (O(1) in a plain file; a compressed stream decompresses up to it
 * without parsing, from the start of the gzip member or zstd frame that holds it when one was saved) and reads
 * on, so a resumed unit neither skips nor repeats a record. Of a compressed input's one unit it saves the
 * compressed bytes read, whether the data ended and that member's or frame's start ({@link FrameStart}) too
 * ({@link CompressedInput}). Beside the position it saves the blank lines skipped before it ({@link BlankLines}:
 * a record carries the count before it, so the position after a record handed out later is saved with its own
 * count), and a resume counts on from there: each blank line is counted once, however often the unit is resumed.
 *
 * <p>Not thread-safe: one instance per unit (step scope).
 */
public abstract class RangeReader implements UnitReader {

	protected final Path file;

	protected final String displayName;

	protected final int bufferSize;

	protected final int maxRecordSize;

	protected final Compression compression;

	/** Records returned over all runs: a subclass's {@link #read} counts each record it returns ({@link #counted}). */
	protected long count;

	/** What a blank line is: skipped and counted, or a bad record. */
	protected final BlankLines blankLines;

	/**
	 * Blank lines skipped in the unit over all runs, before the parser's position: a subclass's {@link #read}
	 * counts each one it skips, only those that start inside the range.
	 */
	protected long blankLinesSkipped;

	private long blankLinesAtOpen;

	private InputBytes bytes;

	/** The file's charset when it is UTF-16 or UTF-32 (the parser then reads it as UTF-8), else null. */
	private WideCharset wide;

	/** {@link #bytes} when they are transcoded, else null. */
	private TranscodedBytes transcoded;

	private ByteRange range;

	private long readAtOpen;

	private RangePosition opened;

	/** Whether {@link #read} found the end of the data (a compressed unit's end: its size is known only then). */
	private boolean ended;

	/**
	 * @param file the input
	 * @param displayName how messages name the file
	 * @param bufferSize initial read buffer, bytes
	 * @param maxRecordSize longest record accepted, bytes
	 * @param compression how the file is compressed ({@link Compression#NONE}: a plain, seekable file)
	 * @param blankLines what a blank line is ({@code rowlift.source.blank-lines})
	 */
	protected RangeReader(Path file, String displayName, int bufferSize, int maxRecordSize, Compression compression,
			BlankLines blankLines) {
		this.blankLines = blankLines;
		this.file = file;
		this.displayName = displayName;
		this.bufferSize = bufferSize;
		this.maxRecordSize = maxRecordSize;
		this.compression = compression;
	}

	/**
	 * Reads a file in {@code wide} (UTF-16 or UTF-32): the parser gets its bytes as UTF-8
	 * ({@link TranscodedBytes}), and records, positions and problems come back in the file's byte offsets
	 * ({@link #inFile}). Call before {@link #open}.
	 */
	protected final void transcode(WideCharset wide) {
		this.wide = wide;
	}

	@Override
	public final void open(ExecutionContext context) throws ItemStreamException {
		this.range = ByteRange.readFrom(context);
		try {
			this.bytes = this.compression.open(this.file, this.displayName, FrameStart.readFrom(context));
			if (this.wide != null) {
				this.transcoded = new TranscodedBytes(this.bytes, this.wide);
				this.bytes = this.transcoded;
			}
		}
		catch (IOException ex) {
			throw new ItemStreamException("cannot open " + this.displayName + ": " + ex.getMessage(), ex);
		}
		PartitionProgress progress = PartitionProgress.readFrom(context);
		this.count = progress.read();
		this.readAtOpen = this.count;
		this.blankLinesSkipped = progress.blankLines();
		this.blankLinesAtOpen = this.blankLinesSkipped;
		this.opened = RangePosition.readFrom(context, this.range);
		start(this.bytes, this.range, this.opened);
	}

	/**
	 * Sets up the parser over {@code bytes}, at {@code at}, a record start in {@code range} (its relative line too).
	 * Called once, by {@link #open}.
	 */
	protected abstract void start(InputBytes bytes, ByteRange range, RangePosition at);

	/** The parser's offset of the next unread record (past the last one returned). */
	protected abstract long parserPosition();

	/** The relative line of {@link #parserPosition()}. */
	protected abstract long parserLine();

	/**
	 * Counts {@code record} as read and returns it, marked with the blank lines skipped before it
	 * ({@link RawRecord#withBlankLines}: a copy only once the unit has skipped one), for {@link #saveAfter}.
	 */
	protected final RawRecord counted(RawRecord record) {
		this.count++;
		return this.blankLinesSkipped == 0 ? record : record.withBlankLines(this.blankLinesSkipped);
	}

	/** Tells that {@link #read} met the end of the data (not only of the range). */
	protected final void endOfData() {
		this.ended = true;
	}

	/** Whether the parser reads a transcoded copy of the file ({@link #transcode}): its places need {@link #inFile}. */
	protected final boolean transcoded() {
		return this.transcoded != null;
	}

	/**
	 * {@code record}, which the parser read from the transcoded bytes, with its offset, length and problem in the
	 * file's bytes. Records are mapped in the order read (the mapping goes forward only).
	 */
	protected final RawRecord inFile(RawRecord record) {
		long start = this.transcoded.sourceOffset(record.offset());
		RecordProblem problem = record.problem();
		if (problem != null) {
			problem = new RecordProblem(problem.message(), this.transcoded.sourceOffset(Math.max(problem.offset(), record.offset())),
					problem.field());
		}
		long end = this.transcoded.sourceOffset(record.offset() + record.rawLength());
		return record.at(start, (int) (end - start), problem);
	}

	/** The file's offset of a position of the parser's (the same when it is not {@link #transcoded()}). */
	protected final long inFile(long parserOffset) {
		return this.transcoded == null ? parserOffset : this.transcoded.sourceOffset(parserOffset);
	}

	/** The offset a resume starts at, were the reader's state saved now. */
	public final long position() {
		return Math.min(inFile(parserPosition()), this.range.end());
	}

	/** The range this reader reads (after {@link #open}). */
	public final ByteRange range() {
		return this.range;
	}

	@Override
	public final void update(ExecutionContext context) {
		saveReached(context, this.count);
	}

	@Override
	public final void saveReached(ExecutionContext context, long read) {
		// a record peeked past the range end (after comment or blank lines) belongs to the next unit
		long position = position();
		RangePosition.save(context, position, parserLine());
		if (this.compression.compressed()) {
			CompressedInput.saveStream(context, this.bytes == null ? 0 : this.bytes.compressedRead(), this.ended);
			saveFrameStart(context, position);
		}
		PartitionProgress.saveRead(context, read);
		PartitionProgress.saveBlankLines(context, this.blankLinesSkipped);
	}

	@Override
	public final void saveAfter(ExecutionContext context, RawRecord record, long read) {
		long position = record == null ? this.opened.offset() : record.offset() + record.rawLength();
		RangePosition.save(context, position, record == null ? this.opened.line() : record.line() + record.lines());
		if (this.compression.compressed()) {
			// the compressed bytes read so far: ahead of the record by what was parsed ahead (progress only)
			InputBytes open = this.bytes;
			CompressedInput.saveStream(context, open == null ? 0 : open.compressedRead(), false);
			saveFrameStart(context, position);
		}
		PartitionProgress.saveRead(context, read);
		// the blank lines before the record only: those after it are read again, and counted, by a resume from here
		PartitionProgress.saveBlankLines(context, record == null ? this.blankLinesAtOpen : record.blankLines());
	}

	/**
	 * Saves where the member or frame that holds {@code position} starts, for a resume to start there
	 * ({@link FrameStart}). When the decompressor knows none (it forgot it, or the position is in the first),
	 * the one saved before stays if it is still at or before the position: saved positions only grow.
	 */
	private void saveFrameStart(ExecutionContext context, long position) {
		InputBytes open = this.bytes;
		FrameStart start = open == null ? null : open.frameStart(position);
		if (start != null) {
			start.save(context);
			return;
		}
		FrameStart saved = FrameStart.readFrom(context);
		if (saved != null && saved.uncompressed() > position) {
			FrameStart.clear(context);
		}
	}

	@Override
	public final long readAtOpen() {
		return this.readAtOpen;
	}

	@Override
	public void close() {
		try {
			if (this.bytes != null) {
				this.bytes.close();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			this.bytes = null;
		}
	}

}
