package io.rowlift.database.sqlite;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;

import org.sqlite.core.CoreStatement;
import org.sqlite.core.DB;
import org.sqlite.core.NativeDB;

import io.rowlift.database.BatchStatement;

/**
 * Binds values straight into sqlite-jdbc's native statement (write method {@code insert-direct}):
 * text goes to {@code sqlite3_bind_text} as the record's own UTF-8 bytes, with no String and no second
 * copy, and a batch is a flat array of the values rather than the driver's boxed ones.
 *
 * <p>Memory: an ASCII text ({@link #setAsciiText}) is kept as a reference to the record's bytes and
 * its bounds, not copied, until its row runs; it is then copied into a scratch array of its exact
 * length (the native bind takes a whole array), reused for every later value of that length up to
 * {@value #SCRATCH_MAX} bytes, and bound ({@code SQLITE_TRANSIENT}: SQLite copies it, so the scratch
 * is free again at once). So binding a chunk allocates nothing per text field below that length, and
 * the chunk's values hold no copy of its texts while they wait for {@link #executeBatch}: the caller
 * must leave those bytes unchanged until then (a record's bytes are never changed). A statement made
 * with {@link #DirectStatement(PreparedStatement, DirectStatement)} takes over the previous chunk's
 * arrays and scratch instead of growing its own. Step, reset
 * and errors are the driver's own public calls; only the {@code bind_*} methods of {@link NativeDB}
 * are package-private, and are reached through {@link MethodHandles#privateLookupIn} (both sit in
 * the unnamed module, so no JVM option is needed). {@link #unavailable} says when this driver version
 * does not have them; the load then uses the driver's own path.
 *
 * <p>The values bound, and so the rows stored, are the driver's: a long or int is
 * {@code bind_long}, a double {@code bind_double}, a String or BigDecimal (its {@code toString}) is
 * text, bytes are a blob, null is NULL. Measured against the driver's path in
 * {@code docs/sqlite-binding.md}. Not thread-safe, like its statement.
 */
final class DirectStatement implements BatchStatement {

	private static final int SQLITE_DONE = 101;

	private static final byte NULL = 0, LONG = 1, DOUBLE = 2, TEXT = 3, BLOB = 4, SLICE = 5;

	/** Longest text whose scratch array is kept for reuse; longer ones are copied into a new array each. */
	static final int SCRATCH_MAX = 4096;

	private static final MethodHandle BIND_TEXT, BIND_BLOB, BIND_LONG, BIND_DOUBLE, BIND_NULL;

	/** Why the binds cannot be reached, or null. */
	private static final String UNAVAILABLE;

	static {
		MethodHandle text = null, blob = null, along = null, adouble = null, anull = null;
		String why = null;
		try {
			MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(NativeDB.class, MethodHandles.lookup());
			text = lookup.findVirtual(NativeDB.class, "bind_text_utf8", MethodType.methodType(int.class, long.class, int.class, byte[].class));
			blob = lookup.findVirtual(NativeDB.class, "bind_blob", MethodType.methodType(int.class, long.class, int.class, byte[].class));
			along = lookup.findVirtual(NativeDB.class, "bind_long", MethodType.methodType(int.class, long.class, int.class, long.class));
			adouble = lookup.findVirtual(NativeDB.class, "bind_double", MethodType.methodType(int.class, long.class, int.class, double.class));
			anull = lookup.findVirtual(NativeDB.class, "bind_null", MethodType.methodType(int.class, long.class, int.class));
		}
		catch (ReflectiveOperationException | RuntimeException | LinkageError ex) {
			why = "sqlite-jdbc's native bind methods are not reachable (" + ex + ")";
		}
		BIND_TEXT = text;
		BIND_BLOB = blob;
		BIND_LONG = along;
		BIND_DOUBLE = adouble;
		BIND_NULL = anull;
		UNAVAILABLE = why;
	}

	private final PreparedStatement statement;

	private final NativeDB db;

	private final long pointer;

	private final int parameters;

	/** Rows added; the parameters being set are row {@code rows} of the arrays. */
	private int rows;

	private byte[] kinds;

	private long[] numbers;

	private byte[][] bytes;

	/** For a {@code SLICE}: its start in {@code bytes[i]}, and its end in {@code numbers[i]}. */
	private int[] starts;

	/** Scratch arrays by length, made on first use ({@code scratch[n].length == n}). */
	private byte[][] scratch;

	/** Why this class cannot be used with the sqlite-jdbc on the class path, or null when it can. */
	static String unavailable() {
		return UNAVAILABLE;
	}

	/**
	 * @param statement a statement of sqlite-jdbc, possibly behind a pool's wrapper
	 * @throws SQLException when it is not one, or it is closed
	 */
	DirectStatement(PreparedStatement statement) throws SQLException {
		this(statement, null);
	}

	/**
	 * @param statement a statement of sqlite-jdbc, possibly behind a pool's wrapper
	 * @param previous a statement of this writer whose batch is done (its statement may be closed), whose
	 *     arrays and scratch this one takes over; or null. It must not be used afterwards.
	 * @throws SQLException when it is not one, or it is closed
	 */
	DirectStatement(PreparedStatement statement, DirectStatement previous) throws SQLException {
		if (UNAVAILABLE != null) {
			throw new IllegalStateException(UNAVAILABLE);
		}
		CoreStatement core = statement.unwrap(CoreStatement.class);
		DB database = core.getDatabase();
		if (!(database instanceof NativeDB nativeDb)) {
			throw new SQLException("direct binding needs sqlite-jdbc's NativeDB, not " + database.getClass().getName()
					+ "; set rowlift.target.write-method=insert");
		}
		this.statement = statement;
		this.db = nativeDb;
		this.pointer = core.pointer.safeRunLong((db, pointer) -> pointer);
		this.parameters = statement.getParameterMetaData().getParameterCount();
		int capacity = Math.max(1, this.parameters);
		if (previous != null && previous.kinds.length >= capacity) {
			previous.clearBatch(); // nothing of its rows is kept, whatever state it ended in
			this.kinds = previous.kinds;
			this.numbers = previous.numbers;
			this.bytes = previous.bytes;
			this.starts = previous.starts;
			this.scratch = previous.scratch;
			previous.kinds = null; // a use of the old statement fails at once instead of writing into this one's rows
		}
		else {
			this.kinds = new byte[capacity];
			this.numbers = new long[capacity];
			this.bytes = new byte[capacity][];
			this.starts = new int[capacity];
			this.scratch = previous != null ? previous.scratch : new byte[SCRATCH_MAX + 1][];
		}
	}

	@Override
	public PreparedStatement statement() {
		return this.statement;
	}

	/** The slot of parameter {@code parameter} (from 1) of the row being set. */
	private int slot(int parameter) throws SQLException {
		if (parameter < 1 || parameter > this.parameters) {
			throw new SQLException("parameter " + parameter + " is outside 1.." + this.parameters);
		}
		return this.rows * this.parameters + parameter - 1;
	}

	private int put(int parameter, byte kind, long number, byte[] value) throws SQLException {
		int i = slot(parameter);
		this.kinds[i] = kind;
		this.numbers[i] = number;
		this.bytes[i] = value;
		return i;
	}

	@Override
	public void setNull(int parameter, int sqlType) throws SQLException {
		put(parameter, NULL, 0, null);
	}

	@Override
	public void setLong(int parameter, long value) throws SQLException {
		put(parameter, LONG, value, null);
	}

	@Override
	public void setInt(int parameter, int value) throws SQLException {
		put(parameter, LONG, value, null);
	}

	@Override
	public void setDouble(int parameter, double value) throws SQLException {
		put(parameter, DOUBLE, Double.doubleToRawLongBits(value), null);
	}

	@Override
	public void setString(int parameter, String value) throws SQLException {
		put(parameter, value == null ? NULL : TEXT, 0, value == null ? null : value.getBytes(StandardCharsets.UTF_8));
	}

	@Override
	public void setAsciiText(int parameter, byte[] bytes, int start, int end) throws SQLException {
		// ASCII is UTF-8 as it is; kept as a reference and copied only when its row is bound (see the class)
		this.starts[put(parameter, SLICE, end, bytes)] = start;
	}

	@Override
	public void setBigDecimal(int parameter, BigDecimal value) throws SQLException {
		setString(parameter, value == null ? null : value.toString()); // as the driver binds it
	}

	@Override
	public void setBytes(int parameter, byte[] value) throws SQLException {
		put(parameter, value == null ? NULL : BLOB, 0, value);
	}

	@Override
	public void addBatch() {
		this.rows++;
		int need = (this.rows + 1) * this.parameters;
		if (need > this.kinds.length) {
			int capacity = Math.max(need, this.kinds.length * 2);
			this.kinds = Arrays.copyOf(this.kinds, capacity);
			this.numbers = Arrays.copyOf(this.numbers, capacity);
			this.bytes = Arrays.copyOf(this.bytes, capacity);
			this.starts = Arrays.copyOf(this.starts, capacity);
		}
	}

	@Override
	public void executeBatch() throws SQLException {
		try {
			for (int row = 0; row < this.rows; row++) {
				run(row);
			}
		}
		finally {
			clearBatch();
		}
	}

	@Override
	public void clearBatch() {
		Arrays.fill(this.bytes, 0, this.rows * this.parameters, null); // the texts can go now
		this.rows = 0;
		clearParameters();
	}

	@Override
	public void clearParameters() {
		int from = this.rows * this.parameters;
		Arrays.fill(this.kinds, from, from + this.parameters, NULL);
		Arrays.fill(this.bytes, from, from + this.parameters, null);
	}

	@Override
	public void executeUpdate() throws SQLException {
		run(this.rows);
	}

	/**
	 * {@code [start, end)} of {@code from} as an array of exactly that length: {@code from} itself when
	 * it is the whole array, else a copy in the scratch array of that length (a new array above
	 * {@value #SCRATCH_MAX} bytes). The result is only valid until the next call.
	 */
	byte[] slice(byte[] from, int start, int end) {
		int length = end - start;
		if (start == 0 && length == from.length) {
			return from;
		}
		byte[] to;
		if (length <= SCRATCH_MAX) {
			to = this.scratch[length];
			if (to == null) {
				to = new byte[length];
				this.scratch[length] = to;
			}
		}
		else {
			to = new byte[length];
		}
		System.arraycopy(from, start, to, 0, length);
		return to;
	}

	/** Binds row {@code row} of the arrays and steps the statement once; a refusal is the driver's exception. */
	private void run(int row) throws SQLException {
		NativeDB db = this.db;
		long pointer = this.pointer;
		int base = row * this.parameters;
		try {
			for (int p = 0; p < this.parameters; p++) {
				int i = base + p;
				int rc = switch (this.kinds[i]) {
					case LONG -> (int) BIND_LONG.invokeExact(db, pointer, p + 1, this.numbers[i]);
					case DOUBLE -> (int) BIND_DOUBLE.invokeExact(db, pointer, p + 1, Double.longBitsToDouble(this.numbers[i]));
					case TEXT -> (int) BIND_TEXT.invokeExact(db, pointer, p + 1, this.bytes[i]);
					case SLICE -> (int) BIND_TEXT.invokeExact(db, pointer, p + 1, slice(this.bytes[i], this.starts[i], (int) this.numbers[i]));
					case BLOB -> (int) BIND_BLOB.invokeExact(db, pointer, p + 1, this.bytes[i]);
					default -> (int) BIND_NULL.invokeExact(db, pointer, p + 1);
				};
				if (rc != 0) {
					db.throwex(rc);
				}
			}
		}
		catch (SQLException | RuntimeException | Error ex) {
			throw ex;
		}
		catch (Throwable ex) {
			throw new IllegalStateException(ex);
		}
		int rc = db.step(pointer);
		if (rc != SQLITE_DONE) {
			try {
				db.throwex(rc); // the message and code of the refusal, read before the reset
			}
			finally {
				db.reset(pointer);
			}
		}
		db.reset(pointer);
	}

}
