package io.rowlift.job.spring;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.infrastructure.item.file.mapping.FieldSetMapper;
import org.springframework.batch.infrastructure.item.file.transform.FieldSet;

import io.rowlift.database.CapturedRow;
import io.rowlift.database.ColumnBinder;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableMapping;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.ValueException;
import io.rowlift.database.ValueFormats;
import io.rowlift.model.RawRecord;

/**
 * The default {@code FieldSetMapper}: a record becomes a row, a map from column name (as the table
 * spells it, in the mapping's order) to the value the fast path would bind, converted by the same
 * {@link ColumnBinder}s: integers, decimals, dates and times with the configured formats, the
 * empty-field and null-token rules of the contract. A value that does not fit its column, or a
 * record with the wrong number of fields, is a {@link RejectedRecordException} with the fast path's
 * reason. A {@code null} value is SQL NULL.
 *
 * <p>Not thread-safe (text binders hold a decoder): one per partition.
 */
public final class ColumnValuesMapper implements FieldSetMapper<Map<String, Object>> {

	private final TableMapping mapping;

	private final String[] names;

	private final ColumnBinder[] binders;

	private final CapturedRow capture;

	public ColumnValuesMapper(TableMapping mapping, TargetDialect dialect, ValueFormats formats) {
		this.mapping = mapping;
		List<TableColumn> columns = mapping.columns();
		this.names = columns.stream().map(TableColumn::name).toArray(String[]::new);
		this.binders = columns.stream().map(c -> ColumnBinder.forColumn(c, dialect, formats)).toArray(ColumnBinder[]::new);
		this.capture = new CapturedRow(this.names.length);
	}

	@Override
	public Map<String, Object> mapFieldSet(FieldSet fieldSet) {
		if (!(fieldSet instanceof RecordFieldSet set)) {
			throw new IllegalArgumentException("Rowlift's column mapper needs the field sets of its own tokenizer ("
					+ RecordFieldSet.class.getName() + "), not " + fieldSet.getClass().getName());
		}
		RawRecord record = set.record();
		int fieldCount = this.mapping.fieldCount();
		if (record.fieldCount() != fieldCount) {
			throw new RejectedRecordException(record, -1, record.fieldCount() + " field" + (record.fieldCount() == 1 ? "" : "s")
					+ ", but the header has " + fieldCount + "; a field with a delimiter or a line break inside must be quoted");
		}
		int[] fields = this.mapping.fields();
		Object[] values = this.capture.values();
		for (int c = 0; c < this.binders.length; c++) {
			try {
				this.binders[c].bind(this.capture, c + 1, record, fields[c]);
			}
			catch (ValueException ex) {
				throw new RejectedRecordException(record, fields[c], ex.getMessage());
			}
			catch (SQLException ex) {
				throw new IllegalStateException(ex); // the capture throws none
			}
		}
		Map<String, Object> row = new LinkedHashMap<>(this.names.length * 2);
		for (int c = 0; c < this.names.length; c++) {
			row.put(this.names[c], values[c]);
			values[c] = null;
		}
		return row;
	}

}
