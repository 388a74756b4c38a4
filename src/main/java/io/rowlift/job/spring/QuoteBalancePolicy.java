package io.rowlift.job.spring;

import org.springframework.batch.infrastructure.item.file.separator.RecordSeparatorPolicy;

import io.rowlift.source.csv.CsvFormat;

/**
 * A record ends with a line where no quoted field is open (and that does not end in an escape). The
 * joining itself happens in {@link RangeLineReader}, which returns each record whole: its lines
 * joined with the terminators that were in the file ({@code \n}, {@code \r\n} or {@code \r}), so a
 * field keeps the bytes it had, as on the fast path, and decided by one {@link QuoteScan} that looks
 * at each character once. So this policy only asks the reader whether the record it returned last
 * was complete: false only when the range ended inside a quoted field, and then Spring Batch's
 * reader finds no next line and reports the record unfinished.
 *
 * <p>Why not let Spring Batch join: its {@code FlatFileItemReader} asks {@link #isEndOfRecord} after
 * each line and concatenates the record so far with the next line, so a record of {@code n}
 * characters over {@code k} lines cost O(n * k) in scans and copies (a 1,500-row file of fields up to
 * 80 KB with many line breaks took 20 times as long as on the fast path). Not thread-safe: one per
 * partition.
 */
final class QuoteBalancePolicy implements RecordSeparatorPolicy {

	private final char delimiter;

	private final char quote;

	private final int escape;

	private final RangeLineReader lines;

	QuoteBalancePolicy(CsvFormat format, RangeLineReader lines) {
		this.delimiter = (char) format.delimiter();
		this.quote = (char) format.quote();
		this.escape = format.escape();
		this.lines = lines;
	}

	/** Whether the record the line reader returned last ended outside quotes: it has looked at it already. */
	@Override
	public boolean isEndOfRecord(String record) {
		return this.lines == null ? complete(record, this.delimiter, this.quote, this.escape) : this.lines.recordComplete();
	}

	/** Whether {@code record} ends outside any quoted field and not on an escape. */
	static boolean complete(String record, char delimiter, char quote, int escape) {
		QuoteScan scan = new QuoteScan(delimiter, quote, escape);
		scan.feed(record);
		return scan.complete();
	}

	/** The record so far, with the line break that ended its last line in the file. */
	@Override
	public String preProcess(String record) {
		// called after the next line was read: the record's last line is the one before it
		return record + this.lines.terminatorOf(this.lines.lineCount() - 1);
	}

	@Override
	public String postProcess(String record) {
		return record;
	}

}
