package io.rowlift.source.documents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

import io.rowlift.model.Location;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;
import io.rowlift.model.RecordProblem;

/**
 * Places in a folder's documents for messages: {@code docs/17.json:2:3 (byte 40)}, the file the document,
 * the line and byte within it (a field's: the document's start; a problem's: where the parser found it),
 * the column the field's number (1 the key). A record's document is found in the listing by its number in
 * the unit (a cursor that reads on for records in order, and starts again for an earlier one); messages and
 * rejects are rare. Thread-safe (synchronized).
 */
final class DocumentLocator implements RecordLocator {

	private final DocumentsInput input;

	private final DocumentRange range;

	private Listing.Cursor cursor;

	private long next;

	private Listing.Entry last;

	DocumentLocator(DocumentsInput input, DocumentRange range) {
		this.input = input;
		this.range = range;
	}

	/** The listing's entry of {@code record}. */
	synchronized Listing.Entry entry(RawRecord record) {
		if (this.last != null && record.line() == this.next - 1) {
			return this.last;
		}
		try {
			if (this.cursor == null || record.line() < this.next) {
				if (this.cursor != null) {
					this.cursor.close();
				}
				this.cursor = this.input.listing().cursor(this.range.start());
				this.next = 0;
			}
			Listing.Entry entry = null;
			while (this.next <= record.line()) {
				entry = this.cursor.next();
				this.next++;
			}
			this.last = entry;
			return entry;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the listing of " + this.input.displayName(), ex);
		}
	}

	@Override
	public long line(RawRecord record) {
		return this.range.first() + record.line();
	}

	@Override
	public Location where(RawRecord record, int field) {
		return new Location(this.input.documentName(entry(record).name()), 1, 1, field < 0 ? 0 : field + 1, 0);
	}

	@Override
	public Location where(RawRecord record, RecordProblem problem) {
		byte[] raw = raw(record);
		long line = 1;
		for (int i = 0; i < Math.min(raw.length, problem.offset()); i++) {
			line += raw[i] == '\n' ? 1 : 0;
		}
		return new Location(this.input.documentName(entry(record).name()), line, line, problem.field() + 1, problem.offset());
	}

	/** The document as it is on disk now (empty when it is gone). */
	@Override
	public byte[] raw(RawRecord record) {
		try {
			return Files.readAllBytes(this.input.folder().resolve(entry(record).name()));
		}
		catch (java.nio.file.NoSuchFileException gone) {
			return new byte[0];
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + this.input.documentName(entry(record).name()), ex);
		}
	}

}
