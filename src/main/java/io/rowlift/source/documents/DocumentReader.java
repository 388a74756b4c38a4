package io.rowlift.source.documents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;

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
 * <p>The documents are read ahead of the parser on a few threads ({@link DocumentFetcher}, bounded), in
 * listing order. A document that is gone, or whose size or modification time is not the listing's once
 * read, stops the load with its name (exit 1) when its turn comes: the folder must stay as it was listed,
 * and nothing of that document is written.
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

	private DocumentFetcher fetcher;

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
		try {
			this.fetcher = new DocumentFetcher(this.input, this.cursor, this.range.end(), this.maxRecordSize,
					DocumentFetcher.defaultThreads());
		}
		catch (IOException ex) {
			throw new ItemStreamException(this.input.displayName() + " cannot be opened to read its documents (" + ex
					+ "); it must stay where it was listed until the load has ended", ex);
		}
		this.line = this.opened.line();
		this.bytes = this.opened.bytes();
	}

	@Override
	public RawRecord read() throws IOException {
		DocumentFetcher.Fetched fetched = this.fetcher.next();
		if (fetched == null) {
			return null;
		}
		Listing.Entry entry = fetched.entry();
		byte[] content = fetched.content();
		int size = content.length;
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
			System.arraycopy(content, 0, data, key.length, size);
			return new RawRecord(data, new int[] { key.length, RawRecord.quotedEnd(key.length + size) }, offset, at, size, 1, null);
		}
		int skip = size >= UTF8_BOM && (content[0] & 0xff) == 0xEF && (content[1] & 0xff) == 0xBB
				&& (content[2] & 0xff) == 0xBF ? UTF8_BOM : 0;
		RawRecord values = this.parser.parse(content, skip, size - skip, offset, skip, at, size, 1);
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
		if (this.fetcher != null) {
			this.fetcher.close();
			this.fetcher = null;
		}
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
