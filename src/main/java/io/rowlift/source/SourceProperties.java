package io.rowlift.source;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Where the input comes from and how it is written ({@code rowlift.source.*}).
 *
 * @param path the CSV file to load; relative paths are resolved against the working directory
 * @param header whether the first record names the columns (default true); without a header,
 * field i goes to the table's column i
 * @param delimiter the field delimiter, one ASCII character (default {@code ,})
 * @param quote the quote character, one ASCII character (default {@code "}); a quote inside a quoted
 * field is written twice
 * @param readBuffer the read buffer of each partition's reader (default 1MB); a record may be longer,
 * the buffer then grows
 * @param maxRecordSize the longest record accepted (default 16MB); a longer one is reported as bad
 * input, usually an unclosed quote, instead of being buffered until memory runs out
 */
@ConfigurationProperties("rowlift.source")
public record SourceProperties(String path, @DefaultValue("true") boolean header, @DefaultValue(",") char delimiter,
		@DefaultValue("\"") char quote, @DefaultValue("1MB") DataSize readBuffer,
		@DefaultValue("16MB") DataSize maxRecordSize) {

	/** The dialect these settings describe; checked for values Rowlift cannot read. */
	public CsvFormat format() {
		return CsvFormat.of(this.delimiter, this.quote, this.header);
	}

}
