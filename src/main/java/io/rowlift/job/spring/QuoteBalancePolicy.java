package io.rowlift.job.spring;

import org.springframework.batch.infrastructure.item.file.separator.RecordSeparatorPolicy;

import io.rowlift.source.CsvFormat;

/**
 * Joins the physical lines of a record whose quoted field holds a line break (or whose line ends in
 * an escape): a record ends with a line where no quoted field is open. Lines are joined with the
 * terminator that was in the file ({@code \n}, {@code \r\n} or {@code \r}), so the field keeps
 * the bytes it had, as on the fast path.
 *
 * <p>Follows the fast path's dialect: a quote opens a quoted field only at the start of a field, a
 * quote inside a quoted field is written twice, the escape byte (if any) takes the next character
 * as it is, inside and outside quotes. Not thread-safe: one per partition.
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

	@Override
	public boolean isEndOfRecord(String record) {
		return complete(record, this.delimiter, this.quote, this.escape);
	}

	/** Whether {@code record} ends outside any quoted field and not on an escape. */
	static boolean complete(String record, char delimiter, char quote, int escape) {
		boolean fieldStart = true;
		boolean inQuotes = false;
		int n = record.length();
		for (int i = 0; i < n; i++) {
			char c = record.charAt(i);
			if (c == escape) {
				if (i + 1 == n) {
					return false; // the escape takes the line end: the record goes on
				}
				i++;
				fieldStart = false;
				continue;
			}
			if (inQuotes) {
				if (c == quote) {
					if (i + 1 < n && record.charAt(i + 1) == quote) {
						i++;
					}
					else {
						inQuotes = false;
					}
				}
				continue;
			}
			if (c == delimiter) {
				fieldStart = true;
				continue;
			}
			if (fieldStart && c == quote) {
				inQuotes = true;
			}
			fieldStart = false;
		}
		return !inQuotes;
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
