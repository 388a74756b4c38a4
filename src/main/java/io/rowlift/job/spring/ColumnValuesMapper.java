package io.rowlift.job.spring;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.infrastructure.item.file.mapping.FieldSetMapper;
import org.springframework.batch.infrastructure.item.file.transform.FieldSet;

import io.rowlift.database.mapping.CapturedRow;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.Rejection;
import io.rowlift.database.TableColumn;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * The default {@code FieldSetMapper}: a record becomes a row, a map from column name (as the table
 * spells it, in the mapping's order) to the value the fast path would bind, bound by the fast path's own
 * {@link RecordBinder}: integers, decimals, dates and times with the configured formats, the empty-field
 * and null-token rules of the contract, and the computed columns by their compiled expressions
 * ({@code rowlift.target.columns.<column>.expression}). A value that does not fit its column, one an
 * expression cannot compute, or a record with the wrong number of fields, is a
 * {@link RejectedRecordException} with the fast path's reason and place. A {@code null} value is SQL NULL.
 *
 * <p>Not thread-safe (text binders hold a decoder): one per partition.
 */
public final class ColumnValuesMapper implements FieldSetMapper<Map<String, Object>> {

	private final String[] names;

	private final RecordBinder binder;

	private final CapturedRow capture;

	/**
	 * @param mapping the mapping, its expressions compiled for the run when it computes a column
	 *        ({@link TableMapping#withConstants})
	 * @param locator where the partition's records are (the places of rejects, {@code line()})
	 */
	public ColumnValuesMapper(TableMapping mapping, TargetDialect dialect, ValueFormats formats, RecordLocator locator) {
		List<TableColumn> columns = mapping.columns();
		this.names = columns.stream().map(TableColumn::name).toArray(String[]::new);
		this.binder = new RecordBinder(dialect, mapping, formats, locator);
		this.capture = new CapturedRow(this.names.length);
	}

	@Override
	public Map<String, Object> mapFieldSet(FieldSet fieldSet) {
		if (!(fieldSet instanceof RecordFieldSet set)) {
			throw new IllegalArgumentException("Rowlift's column mapper needs the field sets of its own tokenizer ("
					+ RecordFieldSet.class.getName() + "), not " + fieldSet.getClass().getName());
		}
		RawRecord record = set.record();
		Rejection rejection;
		try {
			rejection = this.binder.bind(this.capture, 0, record);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex); // the capture throws none
		}
		if (rejection != null) {
			throw new RejectedRecordException(record, rejection.field(), rejection.problem());
		}
		Object[] values = this.capture.values();
		Map<String, Object> row = new LinkedHashMap<>(this.names.length * 2);
		for (int c = 0; c < this.names.length; c++) {
			row.put(this.names[c], values[c]);
			values[c] = null;
		}
		return row;
	}

}
