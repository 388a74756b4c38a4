package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.RowliftException;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.database.sqlite.SqliteDialect;
import io.rowlift.database.write.InsertBatchSink;
import io.rowlift.database.write.RejectHandling;
import io.rowlift.model.RawRecord;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.ByteRangeReader;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.SourceLocator;

/**
 * Write method {@code insert-direct} (Rowlift binds into sqlite-jdbc's native statement) stores exactly
 * the rows that {@code insert} (the driver's own binding) stores: the same file is loaded both ways
 * through {@link InsertBatchSink} and every value is compared with its storage class
 * ({@code quote()} tells text '1' from integer 1 and from a blob).
 */
class SqliteDirectBindingTests {

	private static final String TABLE = "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, r REAL, t TEXT, tnn TEXT NOT NULL,"
			+ " u, num NUMERIC, b BLOB, d DATE, ok BOOLEAN)";

	private static final String DUMP = "SELECT quote(id), quote(n), quote(r), quote(t), quote(tnn), quote(u), quote(num),"
			+ " quote(b), quote(d), quote(ok), typeof(t) FROM t ORDER BY id";

	private final SqliteDialect sqlite = new SqliteDialect();

	@TempDir
	Path dir;

	/** The contract's edge cases, then enough ordinary rows that the 100-row statement runs several times. */
	private Path edgeCases() throws Exception {
		return edgeCases(350);
	}

	/** The edge cases and {@code ordinary} ordinary rows (ids from 10). */
	private Path edgeCases(int ordinary) throws Exception {
		StringBuilder csv = new StringBuilder("id,n,r,t,tnn,u,num,b,d,ok\n");
		csv.append("1,,,,,,,,,\n"); // unquoted empty: NULL where nullable, '' in the NOT NULL text column
		csv.append("2,\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\"\n"); // quoted empty: '' in text, else an empty field
		csv.append("3,42,1.5,123,4.50,77,1.50,0xCAFE,2024-01-31,true\n"); // numbers in text columns stay text
		csv.append("4,-9223372036854775808,-0.0,\"a \"\"quoted\"\", comma\",\"line\nbreak\",x,12345678901234567890,,,f\n");
		csv.append("5,9223372036854775807,1e308,héllo ✓ 😀 ü,日本語,ÿ,2.5,00ff,,1\n");
		csv.append("6,0,3,\"" + "long ".repeat(40_000) + "\",\" spaced \",\"\t\",0,,,no\n");
		csv.append("7,1,2,' single',\\back\\slash,\"\"\"\",1e3,,,yes\n");
		csv.append("8,,,,x,,3.14159265358979323846,,,\n"); // refused while binding: a reject on both paths
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

	/** Loads {@code file} into a new database with {@code direct} or the driver's binding; returns the dump and the rejects. */
	private List<String> load(Path file, boolean direct, String name) throws Exception {
		return load(file, direct, name, Integer.MAX_VALUE);
	}

	/** As {@link #load(Path, boolean, String)}, in chunks of {@code chunk} records through one sink, each committed. */
	private List<String> load(Path file, boolean direct, String name, int chunk) throws Exception {
		ByteRange range = new ByteRange(0, "id,n,r,t,tnn,u,num,b,d,ok\n".length(), Files.size(file), 2);
		SourceLocator locator = new SourceLocator(file, "t.csv", CsvFormat.RFC4180, range);
		List<RawRecord> records = new ArrayList<>();
		ByteRangeReader reader = new ByteRangeReader(file, "t.csv", CsvFormat.RFC4180, 1 << 16, 1 << 20);
		ExecutionContext context = new ExecutionContext();
		range.writeTo(context);
		reader.open(context);
		for (RawRecord r = reader.read(); r != null; r = reader.read()) {
			records.add(r);
		}
		reader.close();
		try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + this.dir.resolve(name + ".db"))) {
			try (Statement st = connection.createStatement()) {
				st.execute(TABLE);
				st.execute("INSERT INTO t (id, tnn) VALUES (300, 'already here')"); // one row of the file collides: a batch refused
				st.execute("INSERT INTO t (id, tnn) VALUES (2500, 'already here')"); // in a larger file, after groups ran early
			}
			RejectTable.ensure(connection, this.sqlite);
			connection.setAutoCommit(false);
			TableMapping mapping = TableMapping.of(TableInfo.read(connection, "t").orElseThrow(),
					List.of("id", "n", "r", "t", "tnn", "u", "num", "b", "d", "ok"), 10, true, "t.csv");
			RecordBinder binder = new RecordBinder(this.sqlite, mapping,
					ValueFormats.of(StandardCharsets.UTF_8, null, null, null, ZoneOffset.UTC), locator);
			InsertBatchSink sink = new InsertBatchSink(this.sqlite, mapping, binder, null, direct);
			RejectHandling rejects = new RejectHandling(new MemoryRejectBudget(100, 0), new RejectTable(1), locator);
			long written = 0;
			for (int from = 0; from < records.size(); from += chunk) {
				rejects.chunkStarted();
				written += sink.write(connection, records.subList(from, Math.min(records.size(), from + chunk)), rejects);
				connection.commit();
			}
			List<String> dump = new ArrayList<>();
			dump.add("written " + written + ", rejected " + rejects.rejected());
			try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(DUMP)) {
				while (rs.next()) {
					StringBuilder row = new StringBuilder();
					for (int c = 1; c <= 11; c++) {
						row.append(c > 1 ? " | " : "").append(rs.getString(c));
					}
					dump.add(row.toString());
				}
			}
			try (Statement st = connection.createStatement();
					ResultSet rs = st.executeQuery("SELECT REASON FROM " + RejectTable.NAME + " ORDER BY BYTE_OFFSET")) {
				while (rs.next()) {
					dump.add("rejected: " + rs.getString(1));
				}
			}
			return dump;
		}
	}

	@Test
	void storesTheSameRowsAsTheDriversBinding() throws Exception {
		Path file = edgeCases();
		List<String> driver = load(file, false, "driver");
		List<String> direct = load(file, true, "direct");
		assertThat(direct).containsExactlyElementsOf(driver);
		// and what both store is the contract's, not merely the same
		assertThat(direct.get(0)).isEqualTo("written 356, rejected 2"); // 358 records: id 8 refused by Rowlift, id 300 by SQLite
		assertThat(direct.subList(direct.size() - 2, direct.size())).containsExactly(
				"rejected: '3.14159265358979323846' has 20 digits after the point, but column num NUMERIC keeps 10; Rowlift does"
						+ " not round: round the value or widen the column",
				"rejected: the database refused the row: [SQLITE_CONSTRAINT_PRIMARYKEY] A PRIMARY KEY constraint failed"
						+ " (UNIQUE constraint failed: t.id); fix or remove the row");
		assertThat(direct.get(1)).isEqualTo("1 | NULL | NULL | NULL | '' | NULL | NULL | NULL | NULL | NULL | null");
		assertThat(direct.get(2)).isEqualTo("2 | NULL | NULL | '' | '' | '' | NULL | NULL | NULL | NULL | text");
		assertThat(direct.get(3)).isEqualTo("3 | 42 | 1.5 | '123' | '4.50' | '77' | 1.5 | X'CAFE' | '2024-01-31' | 1 | text");
		assertThat(direct.get(4)).startsWith("4 | -9223372036854775808 | 0.0 | 'a \"quoted\", comma' | 'line\nbreak' | 'x' | ");
		assertThat(direct.get(5)).startsWith("5 | 9223372036854775807 | 1.0e+308 | 'héllo ✓ 😀 ü' | '日本語' | 'ÿ' | ");
		assertThat(direct.get(6)).startsWith("6 | 0 | 3.0 | 'long long ").contains("' | ' spaced ' | '\t' | 0 |");
		assertThat(direct.get(6).length()).isGreaterThan(200_000);
		assertThat(direct.get(7)).isEqualTo("7 | 1 | 2.0 | ''' single''' | '\\back\\slash' | '\"' | 1000 | NULL | NULL | 1 | text");
	}

	/**
	 * Chunk after chunk through one sink, as a partition's writer runs: each chunk's direct statements
	 * take over the previous chunk's arrays and scratch (texts are bound from the records' bytes through
	 * a scratch array per length), including after the chunk whose batch SQLite refused.
	 */
	@Test
	void storesTheSameRowsChunkByChunk() throws Exception {
		Path file = edgeCases();
		List<String> whole = load(file, false, "driver");
		List<String> direct = load(file, true, "direct", 37);
		assertThat(direct).containsExactlyElementsOf(whole);
		assertThat(load(file, true, "direct-small", 3)).containsExactlyElementsOf(whole);
	}

	/**
	 * A chunk larger than {@link InsertBatchSink#FLUSH_ROWS}: its groups run while it is still being bound,
	 * and a refusal after some of them ran (id 2500) rolls the whole chunk back and inserts it row by row,
	 * both ways; the next chunk is clean.
	 */
	@Test
	void aChunkRefusedAfterGroupsRanEarlyGoesRowByRow() throws Exception {
		Path file = edgeCases(3_000);
		List<String> driver = load(file, false, "driver", 2_800);
		List<String> direct = load(file, true, "direct", 2_800);
		assertThat(direct).containsExactlyElementsOf(driver);
		// 3,008 records: id 8 refused by Rowlift, ids 300 and 2500 by SQLite; the rows already there stay
		assertThat(direct.get(0)).isEqualTo("written 3005, rejected 3");
		assertThat(direct.stream().filter(row -> row.contains("'already here'"))).hasSize(2);
		assertThat(direct.stream().filter(row -> row.startsWith("rejected: the database refused the row"))).hasSize(2);
		assertThat(direct).hasSize(1 + 3_005 + 2 + 3);
		assertThat(load(file, false, "whole", Integer.MAX_VALUE)).containsExactlyElementsOf(driver);
	}

	@Test
	void mysqlRefusesDirectBindingWithTheSettingsThatWork() {
		assertThatThrownBy(() -> WriteChoice.resolve(new io.rowlift.database.mysql.MySqlDialect(), TargetMode.APPEND, INSERT_DIRECT, null))
			.isInstanceOf(RowliftException.class)
			.hasMessage("rowlift.target.write-method=insert-direct is for sqlite; mysql is not loaded that way: remove the setting"
					+ " or set it to auto, insert, load-data");
	}

	@Test
	void directBindingIsChosenOnlyWhenSet() throws SQLException {
		assertThat(WriteChoice.resolve(this.sqlite, TargetMode.APPEND, INSERT_DIRECT, null).method()).isEqualTo(INSERT_DIRECT);
		assertThat(WriteChoice.resolve(this.sqlite, TargetMode.APPEND, INSERT_DIRECT, null).reason())
			.isEqualTo("set by rowlift.target.write-method");
		assertThat(this.sqlite.writing().path(INSERT_DIRECT).sink()).isEqualTo(WritePath.Sink.BOUND_INSERT_BATCHES);
		assertThat(WriteChoice.resolve(this.sqlite, TargetMode.APPEND, WriteMethod.INSERT, null).method()).isEqualTo(WriteMethod.INSERT);
	}

	private static final WriteMethod INSERT_DIRECT = WriteMethod.valueOf("insert-direct");

}
