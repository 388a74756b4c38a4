package io.rowlift.source.documents;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * One unit of a folder's load: the documents whose lines in the sorted {@link Listing} start in
 * {@code [start, end)}. The context keys are the byte ranges' words ({@code range.*}: the bounds are
 * offsets in the listing file, the first line is the first document's number in the listing, 1-based), plus
 * {@value #BYTES}, the size of the unit's documents, which progress counts, and {@value #BYTES_BEFORE}. A record's
 * offset (its identity in the load) is the size of the listing's documents before it plus its number in the
 * listing (0-based): unique and increasing in listing order. Persisted in Spring Batch's
 * tables: the keys must not change.
 *
 * @param index the unit's number, from 0
 * @param start offset in the listing of the unit's first document
 * @param end offset just past its last
 * @param first the number in the listing (1-based) of its first document
 * @param bytes the size of its documents
 * @param count its documents ({@value #COUNT})
 * @param bytesBefore the size of the documents of the listing before its first ({@value #BYTES_BEFORE})
 */
record DocumentRange(int index, long start, long end, long first, long bytes, long count, long bytesBefore) {

	static final String INDEX = "range.index";

	static final String START = "range.start";

	static final String END = "range.end";

	static final String FIRST_LINE = "range.first-line";

	static final String BYTES = "documents.bytes";

	static final String COUNT = "documents.count";

	static final String BYTES_BEFORE = "documents.bytes-before";

	void writeTo(ExecutionContext context) {
		context.putInt(INDEX, this.index);
		context.putLong(START, this.start);
		context.putLong(END, this.end);
		context.putLong(FIRST_LINE, this.first);
		context.putLong(BYTES, this.bytes);
		context.putLong(COUNT, this.count);
		context.putLong(BYTES_BEFORE, this.bytesBefore);
	}

	static boolean isIn(ExecutionContext context) {
		return context.containsKey(INDEX) && context.containsKey(BYTES);
	}

	static DocumentRange readFrom(ExecutionContext context) {
		return new DocumentRange(context.getInt(INDEX), context.getLong(START), context.getLong(END),
				context.getLong(FIRST_LINE, 1L), context.getLong(BYTES, 0L), context.getLong(COUNT, 0L),
				context.getLong(BYTES_BEFORE, 0L));
	}

}
