package io.rowlift.database.mapping;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

import io.rowlift.compress.ValueCompressor;
import io.rowlift.database.TableColumn;
import io.rowlift.database.ValueSink;
import io.rowlift.model.RawRecord;

/**
 * Binds a field as a compressed document ({@code rowlift.target.compress=zstd}): the field's text as UTF-8,
 * compressed by the writer's {@link ValueCompressor}, bound as bytes. A UTF-8 or ASCII input's bytes are
 * compressed as they are (no String per value); another charset's text is re-encoded first. The field's text is
 * not checked further: what was in the input comes back. One per writer (its compressor is); not thread-safe.
 */
final class CompressingBinder implements ColumnBinder {

	private final ValueCompressor compressor;

	private final Charset charset;

	private final boolean utf8;

	CompressingBinder(ValueCompressor compressor, Charset charset) {
		this.compressor = compressor;
		this.charset = charset;
		this.utf8 = charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII);
	}

	/**
	 * The binder of {@code column} with the contract's empty-field rules of a text column: an unquoted empty field is
	 * NULL in a nullable column, and the empty document (compressed, as any other) in a NOT NULL one and when quoted.
	 */
	static ColumnBinder of(TableColumn column, ValueCompressor compressor, Charset charset) {
		CompressingBinder compressing = new CompressingBinder(compressor, charset);
		boolean nullable = column.nullable();
		int sqlType = column.jdbcType();
		return (statement, parameter, record, field) -> {
			if (nullable && record.length(field) == 0 && !record.quoted(field)) {
				statement.setNull(parameter, sqlType);
			}
			else {
				compressing.bind(statement, parameter, record, field);
			}
		};
	}

	@Override
	public void bind(ValueSink statement, int parameter, RawRecord record, int field) throws SQLException {
		if (this.utf8) {
			statement.setBytes(parameter, this.compressor.compress(record.data(), record.start(field), record.end(field)));
		}
		else {
			byte[] text = record.text(field, this.charset).getBytes(StandardCharsets.UTF_8);
			statement.setBytes(parameter, this.compressor.compress(text, 0, text.length));
		}
	}

}
