package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Random;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.database.sqlite.RowsExtension;
import io.rowlift.database.sqlite.SqliteDialect;
import io.rowlift.database.write.InsertBatchSink;
import io.rowlift.database.write.RejectHandling;
import io.rowlift.database.write.RowsBufferSink;
import io.rowlift.model.RawRecord;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.ByteRangeReader;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.SourceLocator;
import io.rowlift.testsupport.SqliteExtension;

/**
 * Write method {@code insert-select} (a chunk as one {@link RowsBuffer}, inserted with one
 * {@code INSERT ... SELECT FROM rowlift_rows(?)} through Rowlift's SQLite extension) stores exactly the rows
 * that {@code insert} (the driver's own binding) stores: the same files are loaded both ways and every value
 * is compared with its storage class ({@code quote()}, {@code typeof()}); a chunk with a row SQLite refuses
 * (UNIQUE, NOT NULL) rejects exactly that row. Also what happens without the extension.
 */
class SqliteRowsExtensionTests {

	private static final String TABLE = "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, r REAL, t TEXT, tnn TEXT NOT NULL,"
			+ " u, num NUMERIC, b BLOB, d DATE, ok BOOLEAN)";

	private static final String HEADER = "id,n,r,t,tnn,u,num,b,d,ok";

	private static final String DUMP = "SELECT quote(id), quote(n), quote(r), quote(t), quote(tnn), quote(u), quote(num),"
			+ " quote(b), quote(d), quote(ok), typeof(t) || typeof(u) || typeof(num) FROM t ORDER BY id";

	private final SqliteDialect sqlite = new SqliteDialect();

	@TempDir
	Path dir;

	@BeforeEach
	void extension() {
		SqliteExtension.require();
	}

	/** The contract's edge cases (as SqliteDirectBindingTests), then {@code ordinary} ordinary rows (ids from 10). */
	private Path edgeCases(int ordinary) throws Exception {
		StringBuilder csv = new StringBuilder(HEADER).append('\n');
		csv.append("1,,,,,,,,,\n"); // unquoted empty: NULL where nullable, '' in the NOT NULL text column
		csv.append("2,\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\"\n"); // quoted empty: '' in text, else an empty field
		csv.append("3,42,1.5,123,4.50,77,1.50,0xCAFE,2024-01-31,true\n"); // numbers in text columns stay text
		csv.append("4,-9223372036854775808,-0.0,\"a \"\"quoted\"\", comma\",\"line\nbreak\",x,12345678901234567890,,,f\n");
		csv.append("5,9223372036854775807,1e308,héllo ✓ 😀 ü,日本語,ÿ,2.5,00ff,,1\n");
		csv.append("6,0,3,\"" + "long ".repeat(40_000) + "\",\" spaced \",\"\t\",0,,,no\n");
		csv.append("7,1,2,' single',\\back\\slash,\"\"\"\",1e3,,,yes\n");
		csv.append("8,,,,x,,3.14159265358979323846,,,\n"); // refused while binding: a reject on both paths
		csv.append("9,5,4.25,\"\r\n\",\"a\u0000b\",1.0,007,,2024-02-29,0\n"); // CRLF inside quotes; a NUL: refused while binding
		Random random = new Random(7);
		for (int id = 10; id < 10 + ordinary; id++) {
			String text = random.nextInt(5) == 0 ? "" : Long.toString(random.nextLong(), 36) + (random.nextBoolean() ? "é" : "");
			csv.append(id).append(',').append(random.nextInt(4) == 0 ? "" : Integer.toString(random.nextInt()))
				.append(',').append(random.nextDouble()).append(',').append(text).append(',').append(text)
				.append(',').append(id % 3 == 0 ? "7" : "seven").append(",0.").append(id).append(",,,t\n");
		}
		Path file = this.dir.resolve("t.csv");
		Files.writeString(file, csv, StandardCharsets.UTF_8);
		return file;
	}

	private List<RawRecord> read(Path file, String header) throws Exception {
		ByteRange range = new ByteRange(0, header.length() + 1, Files.size(file), 2);
		List<RawRecord> records = new ArrayList<>();
		ByteRangeReader reader = new ByteRangeReader(file, file.getFileName().toString(), CsvFormat.RFC4180, 1 << 16, 1 << 20);
		ExecutionContext context = new ExecutionContext();
		range.writeTo(context);
		reader.open(context);
		for (RawRecord r = reader.read(); r != null; r = reader.read()) {
			records.add(r);
		}
		reader.close();
		return records;
	}

	/** A connection to a new database {@code name} with the extension loaded, as the pool's connections are. */
	private Connection open(String name) throws SQLException {
		Properties properties = new Properties();
		properties.setProperty("enable_load_extension", "true");
		Connection connection = DriverManager.getConnection("jdbc:sqlite:" + this.dir.resolve(name + ".db"), properties);
		try (Statement st = connection.createStatement()) {
			st.execute(RowsExtension.status().loadSql());
		}
		return connection;
	}

	/**
	 * Loads {@code file} into a new database in chunks of {@code chunk} records, each committed, with
	 * {@code select} ({@link RowsBufferSink}) or the driver's INSERT batches; returns the count line, the
	 * dump {@code dump} and the reasons of the rejects.
	 */
	private List<String> load(Path file, String header, List<String> ddl, String dump, boolean select, String name, int chunk)
			throws Exception {
		SourceLocator locator = new SourceLocator(file, file.getFileName().toString(), CsvFormat.RFC4180,
				new ByteRange(0, header.length() + 1, Files.size(file), 2));
		List<RawRecord> records = read(file, header);
		try (Connection connection = open(name)) {
			try (Statement st = connection.createStatement()) {
				for (String sql : ddl) {
					st.execute(sql);
				}
			}
			RejectTable.ensure(connection, this.sqlite);
			connection.setAutoCommit(false);
			String table = ddl.get(0).split("\\s+")[2];
			List<String> columns = List.of(header.split(","));
			TableMapping mapping = TableMapping.of(TableInfo.read(connection, table).orElseThrow(), columns, columns.size(), true,
					file.getFileName().toString());
			RecordBinder binder = new RecordBinder(this.sqlite, mapping,
					ValueFormats.of(StandardCharsets.UTF_8, null, null, null, ZoneOffset.UTC), locator);
			InsertBatchSink inserts = new InsertBatchSink(this.sqlite, mapping, binder, null, false);
			RowsBufferSink rows = new RowsBufferSink(this.sqlite.writing().rowsLoader(mapping, null), binder, inserts, this.sqlite);
			RejectHandling rejects = new RejectHandling(new MemoryRejectBudget(100, 0), new RejectTable(1), locator);
			long written = 0;
			for (int from = 0; from < records.size(); from += chunk) {
				rejects.chunkStarted();
				List<RawRecord> part = records.subList(from, Math.min(records.size(), from + chunk));
				written += select ? rows.write(connection, part, rejects) : inserts.write(connection, part, rejects);
				connection.commit();
			}
			List<String> out = new ArrayList<>();
			out.add("written " + written + ", rejected " + rejects.rejected());
			try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(dump)) {
				int n = rs.getMetaData().getColumnCount();
				while (rs.next()) {
					StringBuilder row = new StringBuilder();
					for (int c = 1; c <= n; c++) {
						row.append(c > 1 ? " | " : "").append(rs.getString(c));
					}
					out.add(row.toString());
				}
			}
			try (Statement st = connection.createStatement();
					ResultSet rs = st.executeQuery("SELECT LINE, REASON FROM " + RejectTable.NAME + " ORDER BY BYTE_OFFSET")) {
				while (rs.next()) {
					out.add("rejected line " + rs.getLong(1) + ": " + rs.getString(2));
				}
			}
			return out;
		}
	}

	private List<String> loadEdgeCases(Path file, boolean select, String name, int chunk) throws Exception {
		return load(file, HEADER, List.of(TABLE, "INSERT INTO t (id, tnn) VALUES (300, 'already here')",
				"INSERT INTO t (id, tnn) VALUES (2500, 'already here')"), DUMP, select, name, chunk);
	}

	@Test
	void storesTheSameValuesAndTypesAsTheDriversBinding() throws Exception {
		Path file = edgeCases(350);
		List<String> driver = loadEdgeCases(file, false, "driver", Integer.MAX_VALUE);
		List<String> select = loadEdgeCases(file, true, "select", Integer.MAX_VALUE);
		assertThat(select).containsExactlyElementsOf(driver);
		// and what both store is the contract's, not merely the same
		assertThat(select.get(0)).isEqualTo("written 356, rejected 3"); // 359 records: ids 8 and 9 refused by Rowlift, id 300 by SQLite
		assertThat(select.get(1)).isEqualTo("1 | NULL | NULL | NULL | '' | NULL | NULL | NULL | NULL | NULL | nullnullnull");
		assertThat(select.get(2)).isEqualTo("2 | NULL | NULL | '' | '' | '' | NULL | NULL | NULL | NULL | texttextnull");
		assertThat(select.get(3)).isEqualTo("3 | 42 | 1.5 | '123' | '4.50' | '77' | 1.5 | X'CAFE' | '2024-01-31' | 1 | texttextreal");
		assertThat(select.get(5)).startsWith("5 | 9223372036854775807 | 1.0e+308 | 'héllo ✓ 😀 ü' | '日本語' | 'ÿ' | ");
		assertThat(select.get(6).length()).isGreaterThan(200_000);
		assertThat(select.subList(select.size() - 3, select.size())).containsExactly(
				"rejected line 10: '3.14159265358979323846' has 20 digits after the point, but column num NUMERIC keeps 10; Rowlift"
						+ " does not round: round the value or widen the column",
				"rejected line 12: a NUL byte at position 2 of the value for column tnn TEXT; remove it (NUL is not text)",
				"rejected line 303: the database refused the row: [SQLITE_CONSTRAINT_PRIMARYKEY] A PRIMARY KEY constraint failed"
						+ " (UNIQUE constraint failed: t.id); fix or remove the row");
	}

	/**
	 * Chunk after chunk through one sink: the buffer is reused, the chunk SQLite refused a row of goes the
	 * INSERT way and rejects only that row, the next chunks go one statement each again.
	 */
	@Test
	void storesTheSameValuesChunkByChunk() throws Exception {
		Path file = edgeCases(3_000);
		List<String> driver = loadEdgeCases(file, false, "driver", 2_800);
		assertThat(loadEdgeCases(file, true, "select", 2_800)).containsExactlyElementsOf(driver);
		assertThat(loadEdgeCases(file, true, "select-37", 37)).containsExactlyElementsOf(driver);
		assertThat(driver.get(0)).isEqualTo("written 3005, rejected 4"); // ids 8 and 9 (Rowlift), 300 and 2500 (SQLite)
		Path small = edgeCases(20);
		assertThat(loadEdgeCases(small, true, "select-1", 1)).containsExactlyElementsOf(loadEdgeCases(small, false, "driver-1", 7));
	}

	/**
	 * A chunk with rows SQLite refuses at its start, middle and end, for NOT NULL (a generated column that
	 * is NULL for those rows) and UNIQUE (a key repeated in the chunk, a value a row already there has):
	 * exactly those rows are rejected, the others stored, as by INSERT batches.
	 */
	@Test
	void aChunkWithRefusedRowsRejectsExactlyThoseRows() throws Exception {
		StringBuilder csv = new StringBuilder("k,v,w\n");
		csv.append("k0,null-me,w0\n"); // NOT NULL at the start (line 2)
		for (int i = 1; i < 1_000; i++) { // record i is line i + 2
			String key = i == 700 ? "k10" : "k" + i; // UNIQUE (the key) at line 702
			String v = i == 500 ? "null-me" : "v" + i; // NOT NULL in the middle (line 502)
			csv.append(key).append(',').append(v).append(',').append(i == 800 ? "w-there" : "w" + i).append('\n'); // UNIQUE (w) at 802
		}
		csv.append("k2,last,x\n"); // UNIQUE at the end (line 1002)
		Path file = this.dir.resolve("k.csv");
		Files.writeString(file, csv, StandardCharsets.UTF_8);
		List<String> ddl = List.of("CREATE TABLE k (k TEXT PRIMARY KEY, v TEXT, w TEXT,"
				+ " g TEXT GENERATED ALWAYS AS (nullif(v, 'null-me')) NOT NULL)",
				"CREATE UNIQUE INDEX k_w ON k (w)", "INSERT INTO k (k, v, w) VALUES ('zz', 'there', 'w-there')");
		String dump = "SELECT quote(k), quote(v), quote(w), quote(g) FROM k ORDER BY k";
		List<String> driver = load(file, "k,v,w", ddl, dump, false, "driver", 10_000);
		List<String> select = load(file, "k,v,w", ddl, dump, true, "select", 10_000);
		assertThat(select).containsExactlyElementsOf(driver);
		assertThat(select.get(0)).isEqualTo("written 996, rejected 5");
		assertThat(select.stream().filter(line -> line.startsWith("rejected line")).map(line -> line.substring(0, line.indexOf(':'))))
			.containsExactly("rejected line 2", "rejected line 502", "rejected line 702", "rejected line 802", "rejected line 1002");
		assertThat(select).contains("rejected line 2: the database refused the row: [SQLITE_CONSTRAINT_NOTNULL] A NOT NULL constraint"
				+ " failed (NOT NULL constraint failed: k.g); fix or remove the row");
		assertThat(select).anyMatch(line -> line.startsWith("rejected line 802: the database refused the row: [SQLITE_CONSTRAINT_UNIQUE]"));
		assertThat(select).contains("'zz' | 'there' | 'w-there' | 'there'", "'k999' | 'v999' | 'w999' | 'v999'");
	}

	@Test
	void theFunctionYieldsTheBufferInOrderWithItsTypes() throws Exception {
		RowsBuffer rows = new RowsBuffer(5);
		rows.beginRow();
		rows.setLong(1, Long.MIN_VALUE);
		rows.setDouble(2, -0.5);
		rows.setAsciiText(3, "xabcx".getBytes(StandardCharsets.US_ASCII), 1, 4);
		rows.setBytes(4, new byte[] { 0, (byte) 0xff });
		rows.setNull(5, java.sql.Types.INTEGER);
		rows.endRow();
		rows.beginRow();
		rows.setInt(1, 7);
		rows.setString(2, "dropped");
		rows.discardRow(); // a value refused half-way: the row is not in the buffer
		rows.beginRow();
		rows.setInt(1, 7);
		rows.setString(2, "€ 😀");
		rows.setString(3, "");
		rows.setBytes(4, new byte[0]);
		rows.setBigDecimal(5, new java.math.BigDecimal("1.50"));
		rows.endRow();
		assertThat(rows.rows()).isEqualTo(2);
		try (Connection connection = open("fn");
				PreparedStatement ps = connection.prepareStatement(
						"SELECT rec, quote(c0), quote(c1), quote(c2), quote(c3), quote(c4), quote(c5) FROM rowlift_rows(?)")) {
			ps.setBytes(1, rows.toByteArray());
			List<String> got = new ArrayList<>();
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					got.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getString(3) + " " + rs.getString(4) + " "
							+ rs.getString(5) + " " + rs.getString(6) + " " + rs.getString(7));
				}
			}
			assertThat(got).containsExactly("0 -9223372036854775808 -0.5 'abc' X'00FF' NULL NULL",
					"1 7 '€ 😀' '' X'' '1.50' NULL");
		}
	}

	/**
	 * The writer binds the buffer's own array, not a copy of its used part: after a chunk of long rows, a chunk
	 * of short ones leaves the long chunk's bytes in the array's end, and only the short chunk's rows come out.
	 */
	@Test
	void theFunctionReadsOnlyTheHeadersRowsOfTheBuffersWholeArray() throws Exception {
		RowsBuffer rows = new RowsBuffer(2);
		for (int i = 0; i < 50; i++) {
			rows.beginRow();
			rows.setLong(1, i);
			rows.setString(2, "long ".repeat(3_000) + i);
			rows.endRow();
		}
		rows.clear();
		rows.beginRow();
		rows.setLong(1, 7);
		rows.setString(2, "short");
		rows.endRow();
		byte[] array = rows.array();
		assertThat(array.length).as("the array keeps the long chunk's bytes").isGreaterThan(rows.size() + 100_000);
		try (Connection connection = open("whole");
				PreparedStatement ps = connection.prepareStatement("SELECT rec, c0, c1 FROM rowlift_rows(?)")) {
			ps.setBytes(1, array);
			List<String> got = new ArrayList<>();
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					got.add(rs.getInt(1) + " " + rs.getLong(2) + " " + rs.getString(3));
				}
			}
			assertThat(got).containsExactly("0 7 short");
		}
	}

	@Test
	void aRowWithTooFewValuesIsABug() {
		RowsBuffer rows = new RowsBuffer(2);
		rows.beginRow();
		rows.setLong(1, 1);
		assertThatThrownBy(rows::endRow).isInstanceOf(IllegalStateException.class).hasMessage("row 0 got 1 values for 2 columns");
		assertThatThrownBy(() -> rows.setLong(3, 1)).isInstanceOf(IllegalStateException.class)
			.hasMessage("parameter 3 set where 2 was due");
	}

	@Test
	void aMalformedBufferIsAnErrorNotARead() throws Exception {
		try (Connection connection = open("bad")) {
			assertThatThrownBy(() -> rowsOf(connection, new byte[] { 'R', 'L', 'R', '1', 1, 0, 0, 0, 1, 0, 0, 0, 3, (byte) 0xff, 0, 0, 0 }))
				.isInstanceOf(SQLException.class)
				.hasMessageContaining("rowlift_rows: malformed buffer at row 0: a value runs past its end");
			assertThatThrownBy(() -> rowsOf(connection, new byte[] { 0 })).hasMessageContaining("no RLR1 header");
			assertThatThrownBy(() -> rowsOf(connection, new byte[] { 'R', 'L', 'R', '1', 1, 0, 0, 0, 2, 0, 0, 0, 0 }))
				.hasMessageContaining("malformed buffer at row 1: it ends inside a row");
			assertThat(rowsOf(connection, null)).isZero();
		}
	}

	private static int rowsOf(Connection connection, byte[] buffer) throws SQLException {
		try (PreparedStatement ps = connection.prepareStatement("SELECT * FROM rowlift_rows(?)")) {
			ps.setBytes(1, buffer);
			return drain(ps);
		}
	}

	private static int drain(PreparedStatement statement) throws SQLException {
		int rows = 0;
		try (ResultSet rs = statement.executeQuery()) {
			while (rs.next()) {
				rows++;
			}
		}
		return rows;
	}

	private static final WriteMethod INSERT_SELECT = WriteMethod.valueOf("insert-select");

	@Test
	void insertSelectIsChosenWhereTheConnectionHasTheExtension() throws Exception {
		try (Connection connection = open("choose")) {
			WriteChoice choice = WriteChoice.resolve(this.sqlite, TargetMode.APPEND, INSERT_SELECT,
					new SingleConnectionDataSource(connection, true));
			assertThat(choice).isEqualTo(new WriteChoice(INSERT_SELECT,
					"set by rowlift.target.write-method, through the rowlift_rows extension"));
		}
		try (Connection plain = DriverManager.getConnection("jdbc:sqlite:" + this.dir.resolve("plain.db"))) {
			WriteChoice choice = WriteChoice.resolve(this.sqlite, TargetMode.APPEND, INSERT_SELECT,
					new SingleConnectionDataSource(plain, true));
			assertThat(choice).isEqualTo(new WriteChoice(WriteMethod.INSERT, "set by rowlift.target.write-method is one INSERT ..."
					+ " SELECT per chunk, but the connection has no rowlift_rows extension loaded; INSERT batches instead"));
		}
	}

}
