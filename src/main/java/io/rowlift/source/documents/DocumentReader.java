package io.rowlift.source.documents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;

import io.rowlift.RowliftException;
import io.rowlift.model.BadRecordException;
import io.rowlift.model.RawRecord;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.JsonKeys;
import io.rowlift.source.JsonObjectParser;
import io.rowlift.source.UnitReader;

/**
 * Reads the documents of one {@link DocumentRange} in listing (key) order, one record each: field 0 the
 * key (the file's name without its extension), then the values of the JSON object the file holds
 * ({@link JsonObjectParser}, streaming, no tree), or, with a content column, the file's whole content as one
 * text field. A document that is not JSON is a record with a problem (a reject, or the load's failure under
 * the skip limit), its place {@code docs/17.json:1 (byte 4)}.
 *
 * <p>A document that is gone, or whose size or modification time is not the listing's, stops the load
 * with its name (exit 1): the folder must stay as it was listed, and nothing of that document is written.
 *
 * <p><b>Restart:</b> saves the documents of the unit read and their bytes ({@link DocumentPosition}); on
 * {@link #open} it skips as many lines of the listing from the unit's start and reads on.
 *
 * <p>Not thread-safe: one per unit.
 */
final class DocumentReader implements UnitReader {

	private static final int UTF8_BOM = 3;

	private final DocumentsInput input;

	private final int maxRecordSize;

	private DocumentRange range;

	private Listing.Cursor cursor;

	private JsonObjectParser parser;

	private byte[] content = new byte[1 << 16];

	private long line;

	private long bytes;

	private long count;

	private long readAtOpen;

	private DocumentPosition opened;

	DocumentReader(DocumentsInput input, int maxRecordSize) {
		this.input = input;
		this.maxRecordSize = maxRecordSize;
	}

	@Override
	public void open(ExecutionContext context) throws ItemStreamException {
		this.range = DocumentRange.readFrom(context);
		this.opened = DocumentPosition.readFrom(context);
		this.count = PartitionProgress.readFrom(context).read();
		this.readAtOpen = this.count;
		List<String> names = this.input.names();
		if (this.input.contentColumn() == null) {
			this.parser = new JsonObjectParser(new JsonKeys(names.subList(1, names.size())), this.maxRecordSize,
					JsonObjectParser.Unit.DOCUMENT);
		}
		try {
			this.cursor = this.input.listing().cursor(this.range.start());
			for (long i = 0; i < this.opened.line(); i++) {
				this.cursor.next();
			}
		}
		catch (IOException ex) {
			throw new ItemStreamException("cannot read the listing of " + this.input.displayName() + ": " + ex.getMessage(), ex);
		}
		this.line = this.opened.line();
		this.bytes = this.opened.bytes();
	}

	@Override
	public RawRecord read() throws IOException {
		if (this.cursor.offset() >= this.range.end()) {
			return null;
		}
		Listing.Entry entry = this.cursor.next();
		if (entry == null) {
			return null;
		}
		int size = load(entry);
		long global = this.range.first() - 1 + this.line;
		long offset = this.range.bytesBefore() + this.bytes + global;
		long at = this.line;
		this.line++;
		this.bytes += entry.size();
		this.count++;
		byte[] key = entry.key().getBytes(StandardCharsets.UTF_8);
		if (this.parser == null) {
			byte[] data = new byte[key.length + size];
			System.arraycopy(key, 0, data, 0, key.length);
			System.arraycopy(this.content, 0, data, key.length, size);
			return new RawRecord(data, new int[] { key.length, RawRecord.quotedEnd(key.length + size) }, offset, at, size, 1, null);
		}
		int skip = size >= UTF8_BOM && (this.content[0] & 0xff) == 0xEF && (this.content[1] & 0xff) == 0xBB
				&& (this.content[2] & 0xff) == 0xBF ? UTF8_BOM : 0;
		RawRecord values = this.parser.parse(this.content, skip, size - skip, offset, skip, at, size, 1);
		return withKey(key, values);
	}

	/** {@code values} with the key as its field 0. */
	private static RawRecord withKey(byte[] key, RawRecord values) {
		int fields = values.fieldCount();
		int[] ends = new int[fields + 1];
		ends[0] = key.length;
		if (values.problem() != null) {
			return new RawRecord(new byte[0], new int[fields + 1], values.offset(), values.line(), values.rawLength(),
					values.lines(), values.problem());
		}
		byte[] data = new byte[key.length + values.data().length];
		System.arraycopy(key, 0, data, 0, key.length);
		System.arraycopy(values.data(), 0, data, key.length, values.data().length);
		for (int i = 0; i < fields; i++) {
			int end = key.length + values.end(i);
			ends[i + 1] = values.quoted(i) ? RawRecord.quotedEnd(end) : end;
		}
		return new RawRecord(data, ends, values.offset(), values.line(), values.rawLength(), values.lines(), null);
	}

	/** Reads {@code entry}'s document into the buffer; returns its length. */
	private int load(Listing.Entry entry) throws IOException {
		Path file = this.input.folder().resolve(entry.name());
		String shown = this.input.documentName(entry.name());
		BasicFileAttributes now;
		try {
			now = Files.readAttributes(file, BasicFileAttributes.class);
		}
		catch (NoSuchFileException ex) {
			throw changed(shown + " was deleted or moved during the load (" + entry.size() + " bytes when the load listed "
					+ this.input.displayName() + ")");
		}
		if (now.size() != entry.size() || now.lastModifiedTime().toMillis() != entry.modified()) {
			throw changed(shown + " changed during the load: " + entry.size() + " bytes, modified at " + entry.modified()
					+ " ms when the load listed " + this.input.displayName() + "; " + now.size() + " bytes, modified at "
					+ now.lastModifiedTime().toMillis() + " ms now");
		}
		if (entry.size() > this.maxRecordSize) {
			throw new BadRecordException(shown + ": a document of " + entry.size() + " bytes, longer than "
					+ "rowlift.source.max-record-size (" + this.maxRecordSize + " bytes); raise it if the document is meant to be "
					+ "that long");
		}
		int size = (int) entry.size();
		if (this.content.length < size) {
			this.content = new byte[Math.max(size, this.content.length * 2)];
		}
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			ByteBuffer buffer = ByteBuffer.wrap(this.content, 0, size);
			while (buffer.hasRemaining()) {
				if (channel.read(buffer) < 0) {
					break;
				}
			}
			if (buffer.hasRemaining() || channel.size() != size) {
				throw changed(shown + " changed during the load: " + entry.size() + " bytes when the load listed "
						+ this.input.displayName() + ", " + channel.size() + " bytes as it was read");
			}
		}
		catch (NoSuchFileException ex) {
			throw changed(shown + " was deleted or moved during the load (" + entry.size() + " bytes when the load listed "
					+ this.input.displayName() + ")");
		}
		return size;
	}

	private static RowliftException changed(String what) {
		return new RowliftException(1, what + ". Rowlift loads a folder as it was listed when the load started, so its files "
				+ "must be left alone until the load has ended; nothing of this document was written. Run the same command "
				+ "again: it is refused (exit 3) because the folder changed, and says how to load the folder as it is now");
	}

	@Override
	public void update(ExecutionContext context) {
		saveReached(context, this.count);
	}

	@Override
	public void saveReached(ExecutionContext context, long read) {
		DocumentPosition.save(context, this.line, this.bytes);
		PartitionProgress.saveRead(context, read);
	}

	@Override
	public void saveAfter(ExecutionContext context, RawRecord record, long read) {
		if (record == null) {
			DocumentPosition.save(context, this.opened.line(), this.opened.bytes());
		}
		else {
			long global = this.range.first() - 1 + record.line();
			long before = record.offset() - global - this.range.bytesBefore();
			DocumentPosition.save(context, record.line() + 1, before + record.rawLength());
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
			if (this.cursor != null) {
				this.cursor.close();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			this.cursor = null;
		}
	}

}
