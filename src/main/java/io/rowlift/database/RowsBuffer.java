package io.rowlift.database;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A chunk's rows as one compact buffer of typed values, for write methods of {@link WritePath.Sink#STATEMENT_PER_CHUNK}:
 * the values the {@link ColumnBinder}s set, in the form a dialect's {@link RowsLoader} hands to the
 * database in one piece (SQLite: the {@code rowlift_rows} extension, {@code src/main/c/rowlift_rows.c}).
 *
 * <p>Format (numbers little-endian): {@code "RLR1"}, int32 columns, int32 rows, then the values row by
 * row, each a tag byte and its payload: 0 NULL; 1 INTEGER (int64); 2 REAL (IEEE 754 binary64); 3 TEXT
 * (uint32 length, UTF-8); 4 BLOB (uint32 length, bytes); anything after the last row is not read
 * ({@link #bindable}). Each value is what a JDBC driver would be given by the same call: {@code setLong}/{@code setInt} an integer, {@code setDouble} a real, a String or
 * BigDecimal ({@code toString}) text, bytes a blob, null NULL; so the stored rows are those of the
 * statement path, byte for byte.
 *
 * <p>Rows are written with {@link #beginRow}, one set call per column in parameter order (1, 2, ...),
 * and {@link #endRow} (or {@link #discardRow} when a value was refused). The buffer is reused from chunk
 * to chunk ({@link #clear}); it grows to the largest chunk and stays. Not thread-safe.
 */
public final class RowsBuffer implements ValueSink {

	static final int HEADER = 12;

	private static final byte NULL = 0, INTEGER = 1, REAL = 2, TEXT = 3, BLOB = 4;

	private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

	private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private final int columns;

	private byte[] bytes = new byte[64 << 10];

	private int size;

	private int rows;

	/** Where the row being written starts. */
	private int rowStart;

	/** The parameter the next value must be for (from 1). */
	private int next;

	/** @param columns values per row */
	public RowsBuffer(int columns) {
		this.columns = columns;
		clear();
	}

	/** Forgets every row. */
	public void clear() {
		System.arraycopy(new byte[] { 'R', 'L', 'R', '1' }, 0, this.bytes, 0, 4);
		INT.set(this.bytes, 4, this.columns);
		this.size = HEADER;
		this.rows = 0;
	}

	public int columns() {
		return this.columns;
	}

	/** Rows written. */
	public int rows() {
		return this.rows;
	}

	/** Bytes of the buffer, header included. */
	public int size() {
		return this.size;
	}

	/** The buffer as one array of exactly {@link #size} bytes, the row count in its header. */
	public byte[] toByteArray() {
		return Arrays.copyOf(array(), this.size);
	}

	/**
	 * The rows to bind as one value: the buffer's own array, without a copy, while the end it does not use
	 * is no longer than what it does (the usual case: chunks of similar size, and the array grows by
	 * doubling), else {@link #toByteArray}, so that a chunk far smaller than the largest before it (after
	 * one huge record, say) does not make the database copy the whole array. Valid until the next write or
	 * {@link #clear}.
	 *
	 * <p>Why: a chunk of the wide benchmark is about 3 MB, which the JVM allocates as a humongous object in
	 * pages touched for the first time; the copy cost 14 % of the SQLite writer thread's CPU (364 of
	 * 2,514 ms in {@code ignore} of 500,000 rows, async-profiler), far more than the database's own copy of the
	 * array's unused end (sqlite-jdbc binds with {@code SQLITE_TRANSIENT}).
	 */
	public byte[] bindable() {
		return this.bytes.length - this.size <= this.size ? array() : toByteArray();
	}

	/**
	 * The buffer's own array: the row count in its header, the rows in its first {@link #size} bytes, and
	 * past them bytes left from earlier chunks, which a reader never reaches (it reads the header's count of
	 * rows; the extension does).
	 */
	byte[] array() {
		INT.set(this.bytes, 8, this.rows);
		return this.bytes;
	}

	public void beginRow() {
		this.rowStart = this.size;
		this.next = 1;
	}

	/** @throws IllegalStateException when the row did not get one value per column (a binder's bug) */
	public void endRow() {
		if (this.next != this.columns + 1) {
			throw new IllegalStateException("row " + this.rows + " got " + (this.next - 1) + " values for " + this.columns + " columns");
		}
		this.rows++;
	}

	/** Drops the row being written. */
	public void discardRow() {
		this.size = this.rowStart;
	}

	private int reserve(int parameter, int bytes) {
		if (parameter != this.next) {
			throw new IllegalStateException("parameter " + parameter + " set where " + this.next + " was due");
		}
		this.next++;
		int at = this.size;
		int need = at + bytes;
		if (need > this.bytes.length || need < 0) {
			if (need < 0) {
				throw new IllegalStateException("a chunk's rows past 2 GiB");
			}
			this.bytes = Arrays.copyOf(this.bytes, (int) Math.min(Integer.MAX_VALUE - 16, Math.max((long) need, 2L * this.bytes.length)));
		}
		this.size = need;
		return at;
	}

	@Override
	public void setNull(int parameter, int sqlType) {
		int at = reserve(parameter, 1); // first: reserve may replace this.bytes, and `this.bytes[reserve(..)]` would index the old array
		this.bytes[at] = NULL;
	}

	@Override
	public void setLong(int parameter, long value) {
		int at = reserve(parameter, 9);
		this.bytes[at] = INTEGER;
		LONG.set(this.bytes, at + 1, value);
	}

	@Override
	public void setInt(int parameter, int value) {
		setLong(parameter, value);
	}

	@Override
	public void setDouble(int parameter, double value) {
		int at = reserve(parameter, 9);
		this.bytes[at] = REAL;
		LONG.set(this.bytes, at + 1, Double.doubleToRawLongBits(value));
	}

	@Override
	public void setString(int parameter, String value) {
		if (value == null) {
			setNull(parameter, java.sql.Types.VARCHAR);
			return;
		}
		putBytes(parameter, TEXT, value.getBytes(StandardCharsets.UTF_8), 0, -1);
	}

	@Override
	public void setAsciiText(int parameter, byte[] bytes, int start, int end) {
		putBytes(parameter, TEXT, bytes, start, end); // ASCII is UTF-8 as it is
	}

	@Override
	public void setBigDecimal(int parameter, BigDecimal value) {
		setString(parameter, value == null ? null : value.toString()); // as a driver that takes it as text binds it
	}

	@Override
	public void setBytes(int parameter, byte[] value) {
		if (value == null) {
			setNull(parameter, java.sql.Types.BLOB);
			return;
		}
		putBytes(parameter, BLOB, value, 0, -1);
	}

	/** @param end the end of the value in {@code from}, or -1 for all of it */
	private void putBytes(int parameter, byte tag, byte[] from, int start, int end) {
		int length = (end < 0 ? from.length : end) - start;
		int at = reserve(parameter, 5 + length);
		this.bytes[at] = tag;
		INT.set(this.bytes, at + 1, length);
		System.arraycopy(from, start, this.bytes, at + 5, length);
	}

}
