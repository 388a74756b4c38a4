package io.rowlift.testsupport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Times ways of writing an {@code ints} CSV ({@code value_1,value_2}, see {@link GenCsv}) into SQLite
 * with plain JDBC (sqlite-jdbc), for the write-path comparison in docs/benchmarks.md. A measuring
 * tool, not a test:
 *
 * <pre>
 * java -cp target/test-classes:$HOME/.m2/repository/org/xerial/sqlite-jdbc/3.54.1.0/sqlite-jdbc-3.54.1.0.jar \
 *     io.rowlift.testsupport.SqliteWritePathTiming load|index|info CSV ROUNDS VARIANT...
 * </pre>
 *
 * All variants of a run are interleaved: round 1 runs every variant once, then round 2, and so on;
 * before each variant it waits (a while) for the other processes on the machine to go quiet, and
 * after it prints its own CPU seconds and the cores other processes used meanwhile (the machine may
 * be shared). The summary prints the median and the best of each variant, and their ratios to the
 * first variant. Scratch files go
 * to {@code $TMPDIR/rowlift-wp} (or {@code -Dwp.dir=}) and are deleted.
 *
 * <p><b>load</b> variants (a fresh target file each; table {@code ints (id INTEGER PRIMARY KEY,
 * value_1 INTEGER NOT NULL, value_2 INTEGER NOT NULL)}, no secondary index, as Rowlift loads it):
 * <ul>
 * <li>{@code a[:parsers=N,rows=R,tx=T,k=v...]}: N parser threads over byte ranges feed one writer
 * thread (blocks of T rows), which writes each block in one transaction (savepoint, then R-row
 * INSERTs as a JDBC batch; R=1 is a JDBC batch of single-row INSERTs) on a connection with
 * journal_mode=WAL, synchronous=NORMAL, transaction_mode=IMMEDIATE: Rowlift's path, approximated.
 * <li>{@code b[:parsers=N,rows=R,merge=whole|ROWS,xfer=0|1,k=v...]}: N threads each parse a range
 * and write their own staging file (journal off, sync off, same R-row INSERTs in T-row
 * transactions); then the target (WAL+NORMAL) ATTACHes each staging file and copies it with
 * {@code INSERT INTO ints (value_1, value_2) SELECT ...} in one transaction per file
 * ({@code merge=whole}) or one per ROWS rows; {@code xfer=1} gives the staging table the target's
 * schema with its ids (ranges counted first) and copies with {@code INSERT INTO ints SELECT *}, which
 * SQLite runs as a raw record copy.
 * <li>{@code cli}: the sqlite3 CLI, {@code .import} with journal and sync off into {@code ints
 * (value_1, value_2)}.
 * </ul>
 * {@code page=P} creates the target file with that page size first. Other {@code k=v} are pragmas
 * for the target connection (cache_size, mmap_size, wal_autocheckpoint...), passed in the JDBC URL.
 *
 * <p><b>index</b> variants build the three indexes of the benchmark's ints table on a copy of a loaded
 * table (built once per page size, in WAL mode), in one transaction as Rowlift's rebuild step does,
 * then {@code PRAGMA wal_checkpoint(TRUNCATE)} as Rowlift's end of load does:
 * <ul>
 * <li>{@code idx[:threads=N,cache_size=..,temp_store=..,mmap_size=..,wal_autocheckpoint=..,page=P,journal=off|delete|deletefull,each=1]}:
 * ({@code each=1}: a commit after each index, so the WAL is checkpointed and restarted between them)
 * prints the CREATE INDEX time, the commit time (which runs the automatic checkpoint), the WAL size
 * left, the final checkpoint time and their total.
 * <li>{@code cliidx[:page=P]}: the sqlite3 CLI on a copy of the same table, journal and sync off.
 * </ul>
 */
public final class SqliteWritePathTiming {

	private static final String[] INDEXES = { "CREATE INDEX ints_value_1 ON ints (value_1)",
			"CREATE INDEX ints_value_2 ON ints (value_2)",
			"CREATE UNIQUE INDEX ints_value_1_value_2 ON ints (value_1, value_2)" };

	private static final String TABLE = "CREATE TABLE IF NOT EXISTS ints (id INTEGER PRIMARY KEY, value_1 INTEGER NOT NULL, value_2 INTEGER NOT NULL)";

	private record Block(long[] values, int rows) {
	}

	private static final Block END = new Block(new long[0], 0);

	private final Path csv;

	private final Path dir;

	private final long dataStart;

	private final long size;

	private final Map<Integer, Path> bases = new LinkedHashMap<>();

	private SqliteWritePathTiming(Path csv, Path dir) throws IOException {
		this.csv = csv;
		this.dir = dir;
		this.size = Files.size(csv);
		try (FileChannel ch = FileChannel.open(csv)) {
			ByteBuffer b = ByteBuffer.allocate(4096);
			ch.read(b, 0);
			int i = 0;
			while (b.get(i) != '\n') {
				i++;
			}
			this.dataStart = i + 1;
		}
	}

	public static void main(String[] args) throws Exception {
		String mode = args[0];
		Path csv = Path.of(args[1]);
		Path dir = Path.of(System.getProperty("wp.dir", System.getProperty("java.io.tmpdir") + "/rowlift-wp"));
		Files.createDirectories(dir);
		SqliteWritePathTiming t = new SqliteWritePathTiming(csv, dir);
		if (mode.equals("info")) {
			t.info();
			return;
		}
		int rounds = Integer.parseInt(args[2]);
		List<String> variants = List.of(args).subList(3, args.length);
		Map<String, List<double[]>> results = new LinkedHashMap<>();
		for (String v : variants) {
			results.put(v, new ArrayList<>());
		}
		System.out.printf("%s %s: %.0f MB, %d rounds, variants %s%n", mode, csv, t.size / 1e6, rounds, variants);
		for (int r = 1; r <= rounds; r++) {
			for (String v : variants) {
				waitQuiet();
				long busy0 = busyJiffies();
				long own0 = ownCpu();
				long t0 = System.nanoTime();
				double[] m = mode.equals("load") ? t.load(v) : t.index(v);
				double wall = seconds(t0);
				double own = (ownCpu() - own0) / 1e9 + childCpu;
				double others = Math.max(0, (busyJiffies() - busy0) / 100.0 - own) / wall;
				childCpu = 0;
				results.get(v).add(m);
				System.out.printf(Locale.ROOT, "round %d %-50s %s  | cpu %.1f s, others %.2f cores%n", r, v, format(m), own,
						others);
			}
		}
		System.out.println("summary (median and best of the total seconds; ratios to the first variant):");
		double firstMedian = 0;
		double firstBest = 0;
		for (Map.Entry<String, List<double[]>> e : results.entrySet()) {
			double[] med = median(e.getValue());
			double best = e.getValue().stream().mapToDouble(m -> m[0]).min().orElseThrow();
			if (firstMedian == 0) {
				firstMedian = med[0];
				firstBest = best;
			}
			System.out.printf(Locale.ROOT, "  %-50s median %7.2f s (%.2f)  best %7.2f s (%.2f)  median parts: %s%n", e.getKey(),
					med[0], med[0] / firstMedian, best, best / firstBest, format(med));
		}
		t.cleanBases();
	}

	/** CPU seconds of sqlite3 processes started for the current variant. */
	private static double childCpu;

	/** Jiffies (1/100 s) all cores spent busy since boot. */
	private static long busyJiffies() throws IOException {
		String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
		long busy = 0;
		for (int i = 1; i < f.length && i <= 8; i++) {
			if (i != 4 && i != 5) { // idle, iowait
				busy += Long.parseLong(f[i]);
			}
		}
		return busy;
	}

	private static long ownCpu() {
		return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
	}

	/**
	 * The machine is shared: waits (up to {@code -Dwp.quiet-wait} seconds, default 120) until other
	 * processes use less than a third of a core over a second.
	 */
	private static void waitQuiet() throws Exception {
		long deadline = System.nanoTime() + Long.getLong("wp.quiet-wait", 120) * 1_000_000_000L;
		while (true) {
			long busy0 = busyJiffies();
			long own0 = ownCpu();
			Thread.sleep(1000);
			double others = (busyJiffies() - busy0) / 100.0 - (ownCpu() - own0) / 1e9;
			if (others < 0.33 || System.nanoTime() > deadline) {
				return;
			}
		}
	}

	private static String format(double[] m) {
		StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "total %7.2f s", m[0]));
		for (int i = 1; i < m.length; i += 2) {
			s.append(String.format(Locale.ROOT, "  %s %.2f", LABELS.get((int) m[i]), m[i + 1]));
		}
		return s.toString();
	}

	private static final List<String> LABELS = new ArrayList<>();

	/** {total, labelIndex, value, labelIndex, value...} */
	private static double[] measures(double total, Object... labelled) {
		double[] m = new double[1 + labelled.length];
		m[0] = total;
		for (int i = 0; i < labelled.length; i += 2) {
			String label = (String) labelled[i];
			int at = LABELS.indexOf(label);
			if (at < 0) {
				LABELS.add(label);
				at = LABELS.size() - 1;
			}
			m[1 + i] = at;
			m[2 + i] = ((Number) labelled[i + 1]).doubleValue();
		}
		return m;
	}

	private static double[] median(List<double[]> runs) {
		double[] med = runs.get(0).clone();
		for (int i = 0; i < med.length; i++) {
			if (i > 0 && i % 2 == 1) {
				continue; // label
			}
			final int k = i;
			double[] v = runs.stream().mapToDouble(m -> m[k]).sorted().toArray();
			med[i] = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
		}
		return med;
	}

	private void info() throws SQLException, IOException {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + this.dir.resolve("info.db"));
				Statement st = c.createStatement()) {
			try (ResultSet rs = st.executeQuery("SELECT sqlite_version()")) {
				rs.next();
				System.out.println("sqlite-jdbc's SQLite " + rs.getString(1));
			}
			List<String> options = new ArrayList<>();
			try (ResultSet rs = st.executeQuery("PRAGMA compile_options")) {
				while (rs.next()) {
					options.add(rs.getString(1));
				}
			}
			System.out.println("compile options: " + options);
			for (String p : List.of("page_size", "cache_size", "temp_store", "mmap_size", "threads", "wal_autocheckpoint")) {
				try (ResultSet rs = st.executeQuery("PRAGMA " + p)) {
					rs.next();
					System.out.println(p + " = " + rs.getString(1));
				}
			}
		}
		Files.deleteIfExists(this.dir.resolve("info.db"));
	}

	// ---------------------------------------------------------------- options

	private static Map<String, String> options(String variant) {
		Map<String, String> o = new LinkedHashMap<>();
		int colon = variant.indexOf(':');
		o.put("kind", colon < 0 ? variant : variant.substring(0, colon));
		if (colon >= 0) {
			for (String kv : variant.substring(colon + 1).split(",")) {
				int eq = kv.indexOf('=');
				o.put(kv.substring(0, eq), kv.substring(eq + 1));
			}
		}
		return o;
	}

	private static int intOption(Map<String, String> o, String key, int dflt) {
		String v = o.remove(key);
		return v == null ? dflt : Integer.parseInt(v);
	}

	private static String url(Path file, Map<String, String> pragmas) {
		StringBuilder url = new StringBuilder("jdbc:sqlite:" + file);
		char sep = '?';
		for (Map.Entry<String, String> e : pragmas.entrySet()) {
			url.append(sep).append(e.getKey()).append('=').append(e.getValue());
			sep = '&';
		}
		return url.toString();
	}

	/** Rowlift's target settings, then the variant's. */
	private static Map<String, String> targetPragmas(Map<String, String> extra) {
		Map<String, String> p = new LinkedHashMap<>();
		p.put("journal_mode", "WAL");
		p.put("synchronous", "NORMAL");
		p.put("transaction_mode", "IMMEDIATE");
		p.put("busy_timeout", "600000");
		p.putAll(extra);
		return p;
	}

	// ---------------------------------------------------------------- parsing

	/** [start, end) byte ranges over the data, cut after a line break. */
	private long[][] ranges(int n) throws IOException {
		long[][] r = new long[n][2];
		try (FileChannel ch = FileChannel.open(this.csv)) {
			long start = this.dataStart;
			for (int i = 0; i < n; i++) {
				long cut = i == n - 1 ? this.size : this.dataStart + (this.size - this.dataStart) * (i + 1) / n;
				if (i < n - 1) {
					ByteBuffer b = ByteBuffer.allocate(1);
					while (cut < this.size) {
						b.clear();
						ch.read(b, cut - 1);
						if (b.get(0) == '\n') {
							break;
						}
						cut++;
					}
				}
				r[i][0] = start;
				r[i][1] = cut;
				start = cut;
			}
		}
		return r;
	}

	interface BlockSink {

		void accept(long[] block, int rows) throws Exception;

	}

	/** Parses [start, end): {@code value_1,value_2} lines, into blocks of {@code rowsPerBlock}. */
	private void parse(long start, long end, int rowsPerBlock, BlockSink sink) throws Exception {
		try (FileChannel ch = FileChannel.open(this.csv, StandardOpenOption.READ)) {
			ByteBuffer buf = ByteBuffer.allocate(1 << 20);
			long pos = start;
			long[] block = new long[rowsPerBlock * 2];
			int n = 0;
			long value = 0;
			int field = 0;
			boolean neg = false;
			while (pos < end) {
				buf.clear();
				int want = (int) Math.min(buf.capacity(), end - pos);
				buf.limit(want);
				int read = ch.read(buf, pos);
				if (read <= 0) {
					break;
				}
				pos += read;
				byte[] a = buf.array();
				for (int i = 0; i < read; i++) {
					byte c = a[i];
					if (c >= '0' && c <= '9') {
						value = value * 10 + (c - '0');
					}
					else if (c == ',') {
						block[n * 2 + field] = neg ? -value : value;
						field++;
						value = 0;
						neg = false;
					}
					else if (c == '\n') {
						block[n * 2 + field] = neg ? -value : value;
						field = 0;
						value = 0;
						neg = false;
						if (++n == rowsPerBlock) {
							sink.accept(block, n);
							block = new long[rowsPerBlock * 2];
							n = 0;
						}
					}
					else if (c == '-') {
						neg = true;
					}
				}
			}
			if (n > 0) {
				sink.accept(block, n);
			}
		}
	}

	private long countLines(long start, long end) throws IOException {
		long lines = 0;
		try (FileChannel ch = FileChannel.open(this.csv)) {
			ByteBuffer buf = ByteBuffer.allocate(1 << 20);
			long pos = start;
			while (pos < end) {
				buf.clear();
				buf.limit((int) Math.min(buf.capacity(), end - pos));
				int read = ch.read(buf, pos);
				pos += read;
				byte[] a = buf.array();
				for (int i = 0; i < read; i++) {
					if (a[i] == '\n') {
						lines++;
					}
				}
			}
		}
		return lines;
	}

	// ---------------------------------------------------------------- inserting

	private static String insertSql(int rows, boolean withId) {
		StringBuilder sql = new StringBuilder(withId ? "INSERT INTO ints (id, value_1, value_2) VALUES "
				: "INSERT INTO ints (value_1, value_2) VALUES ");
		for (int i = 0; i < rows; i++) {
			sql.append(i == 0 ? "" : ",").append(withId ? "(?,?,?)" : "(?,?)");
		}
		return sql.toString();
	}

	/** Inserts a block as Rowlift's writer does: R-row statements as a JDBC batch, the rest row by row. */
	private static final class Inserter {

		private final PreparedStatement multi;

		private final PreparedStatement single;

		private final int rows;

		private final int cols;

		private long nextId;

		Inserter(Connection c, int rows, boolean withId, long firstId) throws SQLException {
			this.rows = rows;
			this.cols = withId ? 3 : 2;
			this.multi = rows > 1 ? c.prepareStatement(insertSql(rows, withId)) : null;
			this.single = c.prepareStatement(insertSql(1, withId));
			this.nextId = firstId;
		}

		void insert(long[] block, int n) throws SQLException {
			int full = this.multi == null ? 0 : n / this.rows * this.rows;
			for (int g = 0; g < full; g += this.rows) {
				for (int i = 0; i < this.rows; i++) {
					bind(this.multi, i * this.cols, block, g + i);
				}
				this.multi.addBatch();
			}
			for (int i = full; i < n; i++) {
				bind(this.single, 0, block, i);
				this.single.addBatch();
			}
			if (this.multi != null && full > 0) {
				this.multi.executeBatch();
			}
			if (full < n) {
				this.single.executeBatch();
			}
		}

		private void bind(PreparedStatement ps, int base, long[] block, int row) throws SQLException {
			int p = base + 1;
			if (this.cols == 3) {
				ps.setLong(p++, this.nextId++);
			}
			ps.setLong(p++, block[row * 2]);
			ps.setLong(p, block[row * 2 + 1]);
		}

		void close() throws SQLException {
			if (this.multi != null) {
				this.multi.close();
			}
			this.single.close();
		}

	}

	// ---------------------------------------------------------------- load variants

	private double[] load(String variant) throws Exception {
		Map<String, String> o = options(variant);
		String kind = o.remove("kind");
		Path target = this.dir.resolve("target.db");
		deleteDb(target);
		int page = intOption(o, "page", 0);
		if (page > 0) { // before WAL: sqlite-jdbc sets journal_mode first, and a WAL file keeps its page size
			try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + target + "?page_size=" + page);
					Statement st = c.createStatement()) {
				st.execute(TABLE);
				st.execute("PRAGMA journal_mode=WAL");
			}
		}
		try {
			return switch (kind) {
				case "a" -> loadA(target, o);
				case "b" -> loadB(target, o);
				case "cli" -> loadCli(target);
				default -> throw new IllegalArgumentException(variant);
			};
		}
		finally {
			deleteDb(target);
		}
	}

	/** One writer thread fed by N parser threads. */
	private double[] loadA(Path target, Map<String, String> o) throws Exception {
		int parsers = intOption(o, "parsers", 1);
		int rows = intOption(o, "rows", 100);
		int tx = intOption(o, "tx", 10_000);
		int queue = intOption(o, "queue", 8);
		long t0 = System.nanoTime();
		long written = 0;
		try (Connection c = DriverManager.getConnection(url(target, targetPragmas(o)))) {
			try (Statement st = c.createStatement()) {
				st.execute(TABLE);
			}
			c.setAutoCommit(false);
			BlockingQueue<Block> q = new ArrayBlockingQueue<>(queue);
			ExecutorService pool = Executors.newFixedThreadPool(parsers);
			List<Future<?>> futures = new ArrayList<>();
			for (long[] range : ranges(parsers)) {
				futures.add(pool.submit(() -> {
					parse(range[0], range[1], tx, (block, n) -> q.put(new Block(block, n)));
					q.put(END);
					return null;
				}));
			}
			Inserter ins = new Inserter(c, rows, false, 0);
			int ended = 0;
			while (ended < parsers) {
				Block block = q.take();
				if (block == END) {
					ended++;
					continue;
				}
				c.setSavepoint(); // as Rowlift's writer, which rolls back to it when the database refuses a row
				ins.insert(block.values(), block.rows());
				c.commit();
				written += block.rows();
			}
			ins.close();
			for (Future<?> f : futures) {
				f.get();
			}
			pool.shutdown();
			c.setAutoCommit(true);
		}
		double load = seconds(t0);
		long t1 = System.nanoTime();
		checkpoint(target);
		double ckpt = seconds(t1);
		check(target, written);
		return measures(load + ckpt, "load", load, "final-ckpt", ckpt, "db-MB", Files.size(target) / 1e6);
	}

	/** N staging files in parallel, then ATTACH and copy each into the target. */
	private double[] loadB(Path target, Map<String, String> o) throws Exception {
		int parsers = intOption(o, "parsers", 2);
		int rows = intOption(o, "rows", 100);
		int tx = intOption(o, "tx", 10_000);
		String merge = o.getOrDefault("merge", "whole");
		o.remove("merge");
		boolean xfer = intOption(o, "xfer", 0) == 1;
		long t0 = System.nanoTime();
		long[][] ranges = ranges(parsers);
		long[] firstId = new long[parsers];
		ExecutorService pool = Executors.newFixedThreadPool(parsers);
		if (xfer) { // the ids of each range: count the lines before it
			List<Future<Long>> counted = new ArrayList<>();
			for (long[] range : ranges) {
				counted.add(pool.submit(() -> countLines(range[0], range[1])));
			}
			long id = 1;
			for (int p = 0; p < parsers; p++) {
				firstId[p] = id;
				id += counted.get(p).get();
			}
		}
		List<Future<Long>> futures = new ArrayList<>();
		Path[] stages = new Path[parsers];
		for (int p = 0; p < parsers; p++) {
			stages[p] = this.dir.resolve("stage-" + p + ".db");
			deleteDb(stages[p]);
			final int part = p;
			futures.add(pool.submit(() -> {
				Map<String, String> sp = new LinkedHashMap<>();
				sp.put("journal_mode", "OFF");
				sp.put("synchronous", "OFF");
				sp.put("locking_mode", "EXCLUSIVE");
				try (Connection c = DriverManager.getConnection(url(stages[part], sp))) {
					try (Statement st = c.createStatement()) {
						st.execute(xfer ? TABLE : "CREATE TABLE ints (value_1 INTEGER NOT NULL, value_2 INTEGER NOT NULL)");
					}
					c.setAutoCommit(false);
					Inserter ins = new Inserter(c, rows, xfer, firstId[part]);
					long[] n = { 0 };
					parse(ranges[part][0], ranges[part][1], tx, (block, k) -> {
						ins.insert(block, k);
						c.commit();
						n[0] += k;
					});
					ins.close();
					c.setAutoCommit(true);
					return n[0];
				}
			}));
		}
		long written = 0;
		for (Future<Long> f : futures) {
			written += f.get();
		}
		pool.shutdown();
		double staging = seconds(t0);
		long t1 = System.nanoTime();
		try (Connection c = DriverManager.getConnection(url(target, targetPragmas(o)))) {
			try (Statement st = c.createStatement()) {
				st.execute(TABLE);
			}
			for (int p = 0; p < parsers; p++) {
				try (Statement st = c.createStatement()) {
					st.execute("ATTACH DATABASE '" + stages[p] + "' AS stage");
				}
				c.setAutoCommit(false);
				try (Statement st = c.createStatement()) {
					if (xfer) {
						st.executeUpdate("INSERT INTO ints SELECT * FROM stage.ints");
					}
					else if (merge.equals("whole")) {
						st.executeUpdate("INSERT INTO ints (value_1, value_2) SELECT value_1, value_2 FROM stage.ints ORDER BY rowid");
					}
					else {
						long step = Long.parseLong(merge);
						long max;
						try (ResultSet rs = st.executeQuery("SELECT max(rowid) FROM stage.ints")) {
							rs.next();
							max = rs.getLong(1);
						}
						try (PreparedStatement ps = c.prepareStatement(
								"INSERT INTO ints (value_1, value_2) SELECT value_1, value_2 FROM stage.ints WHERE rowid > ? AND rowid <= ? ORDER BY rowid")) {
							for (long from = 0; from < max; from += step) {
								ps.setLong(1, from);
								ps.setLong(2, from + step);
								ps.executeUpdate();
								c.commit();
							}
						}
					}
				}
				c.commit();
				c.setAutoCommit(true);
				try (Statement st = c.createStatement()) {
					st.execute("DETACH DATABASE stage");
				}
				deleteDb(stages[p]);
			}
		}
		double mergeSeconds = seconds(t1);
		long t2 = System.nanoTime();
		checkpoint(target);
		double ckpt = seconds(t2);
		check(target, written);
		return measures(staging + mergeSeconds + ckpt, "staging", staging, "merge", mergeSeconds, "final-ckpt", ckpt, "db-MB",
				Files.size(target) / 1e6);
	}

	private double[] loadCli(Path target) throws Exception {
		long t0 = System.nanoTime();
		sqlite3(target, "PRAGMA journal_mode=OFF;", "PRAGMA synchronous=OFF;",
				"CREATE TABLE ints (value_1 INTEGER NOT NULL, value_2 INTEGER NOT NULL);",
				".import --csv --skip 1 " + this.csv + " ints");
		double load = seconds(t0);
		long t1 = System.nanoTime();
		sqlite3(target, "PRAGMA journal_mode=OFF;", "PRAGMA synchronous=OFF;", INDEXES[0] + ";", INDEXES[1] + ";",
				INDEXES[2] + ";");
		double idx = seconds(t1);
		return measures(load, "import", load, "then-indexes", idx, "db-MB", Files.size(target) / 1e6);
	}

	// ---------------------------------------------------------------- index variants

	/** The loaded table (no secondary index, WAL mode, checkpointed), one per page size. */
	private Path base(int pageSize) throws Exception {
		Path base = this.bases.get(pageSize);
		if (base != null) {
			return base;
		}
		base = this.dir.resolve("base-" + pageSize + ".db");
		deleteDb(base);
		long t0 = System.nanoTime();
		Map<String, String> p = new LinkedHashMap<>();
		p.put("page_size", Integer.toString(pageSize));
		p.put("journal_mode", "OFF");
		p.put("synchronous", "OFF");
		try (Connection c = DriverManager.getConnection(url(base, p))) {
			try (Statement st = c.createStatement()) {
				st.execute(TABLE);
			}
			c.setAutoCommit(false);
			Inserter ins = new Inserter(c, 100, false, 0);
			parse(this.dataStart, this.size, 100_000, (block, n) -> {
				ins.insert(block, n);
				c.commit();
			});
			ins.close();
			c.setAutoCommit(true);
			try (Statement st = c.createStatement()) {
				st.execute("PRAGMA journal_mode=WAL");
			}
			try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA page_size")) {
				rs.next();
				if (rs.getInt(1) != pageSize) {
					throw new IllegalStateException("page size " + rs.getInt(1) + ", not " + pageSize);
				}
			}
		}
		System.out.printf(Locale.ROOT, "(base table, page size %d: %.1f s, %.0f MB)%n", pageSize, seconds(t0),
				Files.size(base) / 1e6);
		this.bases.put(pageSize, base);
		return base;
	}

	private void cleanBases() throws IOException {
		for (Path base : this.bases.values()) {
			deleteDb(base);
		}
	}

	private double[] index(String variant) throws Exception {
		Map<String, String> o = options(variant);
		String kind = o.remove("kind");
		int page = intOption(o, "page", 4096);
		Path work = this.dir.resolve("index.db");
		deleteDb(work);
		Files.copy(base(page), work, StandardCopyOption.REPLACE_EXISTING);
		try {
			if (kind.equals("cliidx")) {
				long t0 = System.nanoTime();
				sqlite3(work, "PRAGMA journal_mode=OFF;", "PRAGMA synchronous=OFF;", INDEXES[0] + ";", INDEXES[1] + ";",
						INDEXES[2] + ";");
				double s = seconds(t0);
				return measures(s, "create", s, "db-MB", Files.size(work) / 1e6);
			}
			// statements run on the connection before the build (PRAGMA threads is not a URL setting)
			int threads = intOption(o, "threads", 0);
			boolean each = intOption(o, "each", 0) == 1; // a transaction per index, not one for all three
			String journal = o.getOrDefault("journal", "wal");
			o.remove("journal");
			Map<String, String> url = new LinkedHashMap<>();
			switch (journal) {
				case "off" -> { // as the CLI anchor: not crash-safe
					url.put("journal_mode", "OFF");
					url.put("synchronous", "OFF");
				}
				case "delete", "deletefull" -> { // a rollback journal: new pages past the old end are not journaled
					url.put("journal_mode", "DELETE");
					url.put("synchronous", journal.equals("delete") ? "NORMAL" : "FULL");
				}
				default -> url.putAll(targetPragmas(Map.of()));
			}
			Path wal = Path.of(work + "-wal");
			try (Connection c = DriverManager.getConnection(url(work, url))) {
				try (Statement st = c.createStatement()) {
					st.execute("PRAGMA threads=" + threads);
					for (Map.Entry<String, String> e : o.entrySet()) {
						st.execute("PRAGMA " + e.getKey() + "=" + e.getValue());
					}
				}
				c.setAutoCommit(false);
				long t0 = System.nanoTime();
				try (Statement st = c.createStatement()) {
					for (int i = 0; i < INDEXES.length; i++) {
						st.execute(INDEXES[i]);
						if (each && i < INDEXES.length - 1) {
							c.commit();
						}
					}
				}
				double create = seconds(t0);
				long walAtCreate = Files.exists(wal) ? Files.size(wal) : 0;
				long t1 = System.nanoTime();
				c.commit();
				double commit = seconds(t1);
				c.setAutoCommit(true);
				long walAfterCommit = Files.exists(wal) ? Files.size(wal) : 0;
				long t2 = System.nanoTime();
				try (Statement st = c.createStatement()) {
					st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
				}
				double ckpt = seconds(t2);
				return measures(create + commit + ckpt, "create", create, "commit", commit, "final-ckpt", ckpt, "wal-MB-before-commit",
						walAtCreate / 1e6, "wal-MB-after-commit", walAfterCommit / 1e6, "db-MB", Files.size(work) / 1e6);
			}
		}
		finally {
			deleteDb(work);
		}
	}

	// ---------------------------------------------------------------- helpers

	private static void checkpoint(Path db) throws SQLException {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
			st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
		}
	}

	private static void check(Path db, long expected) throws SQLException {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT count(*), max(id) FROM ints")) {
			rs.next();
			if (rs.getLong(1) != expected || rs.getLong(2) != expected) {
				throw new IllegalStateException("rows " + rs.getLong(1) + ", max id " + rs.getLong(2) + ", expected " + expected);
			}
		}
	}

	private static void sqlite3(Path db, String... commands) throws Exception {
		List<String> cmd = new ArrayList<>();
		Path times = Files.createTempFile("sqlite3-time", ".txt");
		cmd.addAll(List.of("/usr/bin/time", "-f", "%U %S", "-o", times.toString()));
		cmd.add("sqlite3");
		cmd.add(db.toString());
		cmd.addAll(Arrays.asList(commands));
		Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
		if (p.waitFor() != 0) {
			throw new IllegalStateException("sqlite3 failed: " + cmd);
		}
		String[] cpu = Files.readString(times).trim().split("\\s+");
		childCpu += Double.parseDouble(cpu[cpu.length - 2]) + Double.parseDouble(cpu[cpu.length - 1]);
		Files.delete(times);
	}

	private static void deleteDb(Path db) throws IOException {
		for (String suffix : List.of("", "-wal", "-shm", "-journal")) {
			Files.deleteIfExists(Path.of(db + suffix));
		}
	}

	private static double seconds(long since) {
		return (System.nanoTime() - since) / 1e9;
	}

}
