package io.rowlift.job.spring;

import java.nio.charset.Charset;
import java.util.Arrays;

import org.springframework.batch.infrastructure.item.file.transform.FieldSet;
import org.springframework.batch.infrastructure.item.file.transform.LineTokenizer;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;
import io.rowlift.source.csv.CsvFormat;

/**
 * Splits a record's text into fields by the file's dialect and keeps what Spring's
 * {@code DelimitedLineTokenizer} drops: whether each field was quoted, and whether an unquoted field
 * was the null token. The contract's empty-field rules depend on both (an unquoted empty field is
 * NULL in a nullable column, a quoted {@code ""} is '' in a text column), so the record is returned
 * as the fast path's {@link RawRecord}, inside a {@link RecordFieldSet}.
 *
 * <p>Same dialect as the fast path's parser: a quote opens a quoted field only at a field's start; a
 * quote in a quoted field is written twice; the escape byte (if any) takes the next character as it
 * is; a null token is compared with the unquoted field as written. Text after a closing quote, or a
 * quote never closed, makes a record with a {@link RecordProblem} (rejected by the mapper).
 * Thread-safe (no state).
 */
public final class RecordTokenizer implements LineTokenizer {

	private final char delimiter;

	private final char quote;

	private final int escape;

	private final String nullToken;

	private final Charset charset;

	private final String[] names;

	/**
	 * @param format the dialect
	 * @param names the header's names, given to the field sets of records with as many fields (or null)
	 */
	public RecordTokenizer(CsvFormat format, String[] names) {
		this.delimiter = (char) format.delimiter();
		this.quote = (char) format.quote();
		this.escape = format.escape();
		this.charset = format.charset();
		this.nullToken = format.nullValue() == null ? null : new String(format.nullValue(), format.charset());
		this.names = names;
	}

	/** The record, located nowhere (offset and line 0): for a tokenizer used on its own. */
	@Override
	public FieldSet tokenize(String line) {
		String text = line == null ? "" : line;
		return fieldSet(record(text, 0, 0, text.getBytes(this.charset).length, 1));
	}

	/** The field set of {@code record}, named by the header when the counts agree. */
	RecordFieldSet fieldSet(RawRecord record) {
		return RecordFieldSet.of(record, this.charset, this.names);
	}

	/**
	 * @param text the record, its line breaks inside quoted fields included, without its record end
	 * @param offset where it starts in the file
	 * @param line its first line, counted from 0 at the partition's first record
	 * @param rawLength its length in the file, record end included
	 * @param lines line ends inside it, record end included
	 */
	RawRecord record(String text, long offset, long line, int rawLength, int lines) {
		return record(text, offset, line, rawLength, lines, null);
	}

	/**
	 * As above, for a record whose text has bytes the charset cannot decode ({@code undecodable}, or null):
	 * unless the record is not valid CSV, it is a bad record at their byte, in the field that holds them, as on
	 * the fast path (whose text binder refuses them), never a value with U+FFFD in it.
	 */
	RawRecord record(String text, long offset, long line, int rawLength, int lines, RangeLineReader.Undecodable undecodable) {
		int undecodableField = -1;
		byte[] data = new byte[Math.max(16, text.length() + 8)];
		int[] ends = new int[8];
		int fields = 0;
		int length = 0;
		RecordProblem problem = null;
		StringBuilder field = new StringBuilder();
		int n = text.length();
		int i = 0;
		while (true) {
			field.setLength(0);
			boolean quoted = false;
			int rawStart = i;
			if (i < n && text.charAt(i) == this.quote) {
				quoted = true;
				i++;
				boolean closed = false;
				while (i < n) {
					char c = text.charAt(i);
					if (c == this.escape && i + 1 < n) {
						field.append(text.charAt(i + 1));
						i += 2;
					}
					else if (c == this.quote) {
						if (i + 1 < n && text.charAt(i + 1) == this.quote) {
							field.append(c);
							i += 2;
						}
						else {
							i++;
							closed = true;
							break;
						}
					}
					else {
						field.append(c);
						i++;
					}
				}
				if (!closed && problem == null) {
					problem = new RecordProblem("the quote that opens this field is never closed before the end of the file; "
							+ "close it, and write a quote inside a quoted field twice (\"\")", at(text, offset, rawStart), fields);
				}
				if (i < n && text.charAt(i) != this.delimiter) {
					if (problem == null) {
						problem = new RecordProblem("unexpected character '" + text.charAt(i) + "' after the closing quote of field "
								+ (fields + 1) + "; a quote inside a quoted field must be written twice (\"\")",
								at(text, offset, i), fields);
					}
					while (i < n && text.charAt(i) != this.delimiter) {
						field.append(text.charAt(i++));
					}
				}
			}
			else {
				while (i < n) {
					char c = text.charAt(i);
					if (c == this.delimiter) {
						break;
					}
					if (c == this.escape && i + 1 < n) {
						field.append(text.charAt(i + 1));
						i += 2;
						continue;
					}
					field.append(c);
					i++;
				}
				if (this.nullToken != null && text.regionMatches(rawStart, this.nullToken, 0, this.nullToken.length())
						&& i - rawStart == this.nullToken.length()) {
					field.setLength(0);
				}
			}
			if (undecodable != null && undecodableField < 0 && undecodable.at() < i) {
				undecodableField = fields;
			}
			byte[] bytes = field.toString().getBytes(this.charset);
			if (length + bytes.length > data.length) {
				data = Arrays.copyOf(data, Math.max(data.length * 2, length + bytes.length));
			}
			System.arraycopy(bytes, 0, data, length, bytes.length);
			length += bytes.length;
			if (fields == ends.length) {
				ends = Arrays.copyOf(ends, fields * 2);
			}
			ends[fields++] = quoted ? RawRecord.quotedEnd(length) : length;
			if (i >= n) {
				break;
			}
			i++; // the delimiter
			if (i == n) {
				// a delimiter at the very end: one more, empty field
				if (fields == ends.length) {
					ends = Arrays.copyOf(ends, fields * 2);
				}
				ends[fields++] = length;
				break;
			}
		}
		if (problem == null && undecodableField >= 0) {
			problem = new RecordProblem(undecodable.description() + " in field " + (undecodableField + 1) + "; convert the file to "
					+ this.charset.name() + ", or set rowlift.source.encoding to the charset it is in", undecodable.offset(),
					undecodableField);
		}
		return new RawRecord(data, Arrays.copyOf(ends, fields), offset, line, rawLength, lines, problem);
	}

	/** The file offset of character {@code index} of a record that starts at {@code offset}. */
	private long at(String text, long offset, int index) {
		return offset + text.substring(0, index).getBytes(this.charset).length;
	}

}
