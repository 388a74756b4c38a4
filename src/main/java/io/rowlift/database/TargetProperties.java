package io.rowlift.database;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import io.rowlift.compress.ValueCompression;

/**
 * Where the rows go ({@code rowlift.target.*}). The database itself is
 * {@code spring.datasource.url}; its kind (SQLite or MySQL) follows from the URL.
 *
 * @param table the table to load; matched case-insensitively, always quoted in SQL
 * @param writeMethod how rows are written: {@code auto} (default: the target's fastest safe path),
 *     {@code insert}, {@code insert-direct} or {@code insert-select} (SQLite only), or {@code load-data}
 *     (MySQL only)
 * @param pageSize SQLite only: the page size, in bytes, of a database file that Rowlift creates (a
 *     power of two from 512 to 65536); unset (null), Rowlift chooses 65536 for an input whose records
 *     average 64 bytes or more and 4096 below (see {@code PageSizeChoice}). A file that exists keeps its
 *     own page size.
 * @param mode what the load does with the rows already in the table: {@code append} (default),
 *     {@code truncate}, {@code replace}, {@code upsert} or {@code ignore}; fixed by the load's first run
 * @param upsertKey the unique key {@code upsert} and {@code ignore} match on: the name of a unique index
 *     (or of the columns' unique constraint); unset, the primary key
 * @param columns per column of the table (by its name, matched case-insensitively): where its value comes
 *     from ({@link Column}); unset, every column is filled from the header field of its own name
 * @param compress {@code zstd}: the document columns ({@code compressColumns}) are stored as zstd-compressed bytes
 *     with a dictionary trained from a sample of the input, kept in {@code ROWLIFT_ZSTD_DICTIONARIES}
 *     (docs/compact-storage.md); {@code none} (default): values as they are. Fixed by the load's first run
 * @param compressColumns the columns {@code compress} applies to, each of a BLOB type; unset, every BLOB column the
 *     load fills that is not in the primary key
 * @param compressLevel the zstd level of {@code compress}, 1 to 22 (default 3; higher is smaller and slower)
 */
@ConfigurationProperties("rowlift.target")
public record TargetProperties(String table, @DefaultValue("auto") WriteMethod writeMethod, Integer pageSize,
		@DefaultValue("append") LoadMode mode, String upsertKey, java.util.Map<String, Column> columns,
		@DefaultValue("none") ValueCompression compress, List<String> compressColumns, @DefaultValue("3") int compressLevel) {

	public TargetProperties {
		compress = compress == null ? ValueCompression.NONE : compress;
		compressColumns = compressColumns == null ? List.of()
				: compressColumns.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
		if (compressLevel < 1 || compressLevel > 22) {
			throw io.rowlift.RowliftException.badSetting(COMPRESS_LEVEL, compressLevel, "between 1 and 22 (zstd's levels; 3 by default)");
		}
	}

	/**
	 * Where one column's value comes from ({@code rowlift.target.columns.<column>.*}).
	 *
	 * @param from the header name of the field that fills the column (default: the column's own name); the
	 *     field of the column's own name, if the file has one, must then be ignored or fill another column
	 * @param expression an expression of the mapping language (docs/mapping.md) computing the column's value
	 *     from the record's fields ({@code trim(name)}), or a constant or computed value ({@code 'web'},
	 *     {@code run_id()}); not together with {@code from}
	 */
	public record Column(String from, String expression) {
	}

	/** The prefix of these properties, for code that binds them before the context has. */
	public static final String PREFIX = "rowlift.target";

	/** The property's name, for code that reads it before the properties are bound. */
	public static final String WRITE_METHOD = "rowlift.target.write-method";

	/** The properties' names, for messages and the stored plan. */
	public static final String COMPRESS = "rowlift.target.compress", COMPRESS_COLUMNS = "rowlift.target.compress-columns",
			COMPRESS_LEVEL = "rowlift.target.compress-level";

	/** The property's name, for messages. */
	public static final String PAGE_SIZE = "rowlift.target.page-size";

}
