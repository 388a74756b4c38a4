package io.rowlift.source;

import java.nio.charset.Charset;
import java.time.ZoneId;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Where the input comes from and how it is written ({@code rowlift.source.*}). One flat record for every
 * input format, because its keys are the contract's: each format reads the settings it knows (the CSV
 * dialect: {@code source.csv.CsvFormat#of}) and checks them when a load opens the input
 * ({@link InputFormat#checkSettings}).
 *
 * @param path the file to load, or a folder of documents (or a glob of them, {@code docs/*.json}); relative paths
 * are resolved against the working directory
 * @param header whether the first record names the columns (default true); without a header, field i
 * goes to the table's column i
 * @param delimiter the field delimiter, one ASCII character (default {@code ,}); write {@code \t} for a tab
 * @param quote the quote character, one ASCII character (default {@code "}); inside a quoted field it is
 * written twice
 * @param escape a character that makes the next character literal, inside and outside quotes, such as
 * {@code \} (default: none, RFC 4180)
 * @param encoding the file's character set (default UTF-8, a byte order mark is skipped); any charset
 * whose first 128 codes are ASCII, such as ISO-8859-1 or windows-1252
 * @param lineEnding how records end: {@code auto} (default: the first record end decides), {@code lf},
 * {@code crlf} or {@code cr}
 * @param nullValue an unquoted field equal to this text counts as empty, so NULL in a nullable column,
 * for example {@code \N} or {@code NULL} (default: none)
 * @param comment lines starting with this one ASCII character are skipped (default: none)
 * @param dateFormat pattern of DATE values (default ISO-8601, {@code 2024-01-31})
 * @param timeFormat pattern of TIME values (default ISO-8601, {@code 13:45:00})
 * @param timestampFormat pattern of TIMESTAMP/DATETIME values (default ISO-8601 with {@code T} or a space,
 * optional fraction and optional offset such as {@code Z} or {@code +02:00})
 * @param timeZone zone that timestamps with an offset are converted to, and that timestamps without
 * one are taken to be in (default UTC)
 * @param readBuffer the read buffer of each partition's reader (default 1MB); a record may be longer, the
 * buffer then grows
 * @param maxRecordSize the longest record accepted (default 16MB); a longer one is reported as bad input,
 * usually an unclosed quote, instead of being buffered until memory runs out
 * @param ignoreColumns header names whose fields are left out of the load (default: none); each must be in
 * the header
 * @param format the input's format: {@code csv}, {@code jsonl} or {@code documents} (default: {@code documents}
 * for a folder or a glob, {@code jsonl} for a file whose name ends {@code .jsonl} or {@code .ndjson}, any case, else
 * {@code csv})
 * @param ignoreUnknown JSON Lines: keys that no column of the table has are left out instead of refused
 * (default false)
 * @param compression how the file is compressed: {@code auto} (default: by the name, {@code .gz} gzip,
 * {@code .zst} zstd, else none), {@code gzip}, {@code zstd} or {@code none} ({@link Compression})
 * @param keyColumn a folder of documents: the column that gets each file's name without its extension
 * (default {@code id})
 * @param contentColumn a folder of documents: the column that gets each file's whole content, JSON or not
 * (default: none, each file holds a JSON object whose keys are columns)
 * @param filter a condition of the expression language (docs/mapping.md) over the record's fields: only the
 * records for which it is true are loaded, the others are counted as filtered (default: none, every record)
 * @param blankLines what a blank line (nothing between two line breaks, outside quotes) is: {@code skip} (default:
 * no record, skipped and counted) or {@code fail} (a bad record) ({@link BlankLines})
 */
@ConfigurationProperties("rowlift.source")
public record SourceProperties(String path, @DefaultValue("true") boolean header, @DefaultValue(",") String delimiter,
		@DefaultValue("\"") String quote, @DefaultValue("") String escape, @DefaultValue("UTF-8") Charset encoding,
		@DefaultValue("auto") LineEnding lineEnding, String nullValue, @DefaultValue("") String comment,
		String dateFormat, String timeFormat, String timestampFormat, @DefaultValue("UTC") ZoneId timeZone,
		@DefaultValue("1MB") DataSize readBuffer, @DefaultValue("16MB") DataSize maxRecordSize,
		java.util.List<String> ignoreColumns, String format, @DefaultValue("false") boolean ignoreUnknown,
		@DefaultValue("auto") String compression, @DefaultValue("id") String keyColumn, String contentColumn, String filter,
		@DefaultValue("skip") BlankLines blankLines) {

	/** The smallest buffer and record limit accepted. */
	static final DataSize MIN_BUFFER = DataSize.ofKilobytes(1);

	/** The largest: the readers index their buffers with an int. */
	static final DataSize MAX_BUFFER = DataSize.ofGigabytes(1);

	/** @throws io.rowlift.RowliftException (exit 2) for a size out of its range, naming the key, the value and the range */
	public SourceProperties {
		checkSize("rowlift.source.read-buffer", readBuffer);
		checkSize("rowlift.source.max-record-size", maxRecordSize);
	}

	private static void checkSize(String key, DataSize size) {
		if (size != null && (size.toBytes() < MIN_BUFFER.toBytes() || size.toBytes() > MAX_BUFFER.toBytes())) {
			throw io.rowlift.RowliftException.badSetting(key, size, "between 1KB and 1GB");
		}
	}


}
