package io.rowlift.job.spring;

import io.rowlift.source.csv.CsvFormat;

/**
 * Whether the text of a record fed so far ends outside any quoted field and not on an escape: the
 * spring pipeline's rule for where a record ends (see {@link QuoteBalancePolicy}). Incremental: text
 * is fed piece by piece (a line, its terminator, the next line) and each character is looked at
 * once, so finding the end of a record of {@code n} characters over {@code k} lines costs O(n),
 * whatever {@code k}.
 *
 * <p>Follows the fast path's dialect: a quote opens a quoted field only at the start of a field, a
 * quote inside a quoted field is written twice, the escape character (if any) takes the next
 * character as it is, inside and outside quotes. Not thread-safe: one per partition.
 */
final class QuoteScan {

	private final char delimiter;

	private final char quote;

	private final int escape;

	private boolean fieldStart;

	private boolean inQuotes;

	/** The last character fed was an escape that has not taken its character yet. */
	private boolean escaped;

	/** Inside quotes, the last character fed was a quote: closing, unless the next one is a quote too. */
	private boolean quoteLast;

	/** Characters looked at since this scan was made: the work done, for tests. */
	private long scanned;

	QuoteScan(CsvFormat format) {
		this((char) format.delimiter(), (char) format.quote(), format.escape());
	}

	QuoteScan(char delimiter, char quote, int escape) {
		this.delimiter = delimiter;
		this.quote = quote;
		this.escape = escape;
		reset();
	}

	/** Starts a new record. */
	void reset() {
		this.fieldStart = true;
		this.inQuotes = false;
		this.escaped = false;
		this.quoteLast = false;
	}

	/** Reads on through {@code text}, the next characters of the record. */
	void feed(CharSequence text) {
		int n = text.length();
		this.scanned += n;
		for (int i = 0; i < n; i++) {
			char c = text.charAt(i);
			if (this.escaped) {
				this.escaped = false;
				this.fieldStart = false;
				continue;
			}
			if (this.quoteLast) {
				this.quoteLast = false;
				if (c == this.quote) {
					continue; // a quote written twice: still inside the quoted field
				}
				this.inQuotes = false;
			}
			if (c == this.escape) {
				this.escaped = true;
				continue;
			}
			if (this.inQuotes) {
				if (c == this.quote) {
					this.quoteLast = true;
				}
				continue;
			}
			if (c == this.delimiter) {
				this.fieldStart = true;
				continue;
			}
			if (this.fieldStart && c == this.quote) {
				this.inQuotes = true;
			}
			this.fieldStart = false;
		}
	}

	/** Whether the text fed since {@link #reset()} ends outside any quoted field and not on an escape. */
	boolean complete() {
		return !this.escaped && (!this.inQuotes || this.quoteLast);
	}

	/** Characters looked at so far, over all records. */
	long scanned() {
		return this.scanned;
	}

}
