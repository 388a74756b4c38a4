package io.rowlift.infer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import io.rowlift.RowliftException;
import io.rowlift.infer.InferredColumn.Type;
import io.rowlift.model.BadRecordException;
import io.rowlift.model.RawRecord;

/**
 * Reads the whole file in parallel (one thread per byte range, the load's split) and infers its table:
 * each thread fills its own {@link ColumnStats} per column and {@link KeyCheck.Collector} per id-like
 * column, merged in file order at the end; then the {@link TypeLattice} picks the types and the first
 * id-like column that is unique, never empty and of a key type becomes the primary key. Progress (bytes
 * and records read) is readable from any thread while it runs. One {@link #run} per instance.
 */
public final class Inference {

	/** Id-like columns checked for uniqueness, at most. */
	static final int CANDIDATES = 3;

	private final InferSource source;

	private final int threads;

	private final long keyMemory;

	private final Path spillDir;

	private final AtomicLong bytesRead = new AtomicLong();

	private final AtomicLong recordsRead = new AtomicLong();

	private volatile long totalBytes = -1;

	Inference(InferSource source, int threads, long keyMemory, Path spillDir) {
		this.source = source;
		this.threads = Math.max(1, threads);
		this.keyMemory = keyMemory;
		this.spillDir = spillDir;
	}

	/** An inference of the file {@code properties} name, with {@code rowlift.infer.*}. */
	public static Inference of(io.rowlift.source.SourceProperties source, InferProperties infer) {
		if (source.path() != null && !source.path().isBlank()) {
			String format = io.rowlift.source.InputFormats.of(java.nio.file.Path.of(source.path()), source).name();
			if (!format.equals("csv")) { // InferSource reads CSV itself, until it moves onto the input seam
				throw io.rowlift.RowliftException.badInput(source.path() + ": infer reads CSV only, and this is " + format
						+ " input; write the table's migration yourself (rowlift.schema.create=never)");
			}
		}
		return new Inference(InferSource.open(source), infer.threadCount(), infer.keyMemory().toBytes(), infer.spillRoot());
	}

	public long bytesRead() {
		return this.bytesRead.get();
	}

	public long recordsRead() {
		return this.recordsRead.get();
	}

	/** Bytes of data to read, -1 before {@link #run} knows. */
	public long totalBytes() {
		return this.totalBytes;
	}

	public String file() {
		return this.source.displayName();
	}

	/** Whether {@code name} looks like an identifier column: id, key, uuid, guid, or ending in _id, Id, _key, ... */
	static boolean idLike(String name) {
		String n = name.toLowerCase(Locale.ROOT);
		return n.equals("id") || n.equals("key") || n.equals("uuid") || n.equals("guid") || n.endsWith("_id") || n.endsWith(" id")
				|| n.endsWith("-id") || n.endsWith("_key") || n.endsWith("_uuid") || (name.length() > 2 && name.endsWith("Id"));
	}

	/** One reader thread's state. */
	private static final class Part {

		final ColumnStats[] stats;

		final KeyCheck.Collector[] keys;

		long records;

		long bad;

		String firstBad;

		Part(int columns, boolean utf8, List<KeyCheck> checks) {
			this.stats = new ColumnStats[columns];
			for (int i = 0; i < columns; i++) {
				this.stats[i] = new ColumnStats(utf8);
			}
			this.keys = new KeyCheck.Collector[checks.size()];
			for (int i = 0; i < checks.size(); i++) {
				this.keys[i] = checks.get(i).collector();
			}
		}

	}

	/**
	 * Reads the file and infers the table {@code table}.
	 * @throws RowliftException (exit 2) for a file with no columns, or a record the parser cannot read at all
	 */
	public InferredTable run(String table) throws IOException {
		List<String> names = this.source.names();
		if (names.isEmpty()) {
			throw RowliftException.badInput(this.source.displayName() + ": the file is empty, so there is no column to infer");
		}
		ColumnNames.check(names, this.source.displayName());
		this.totalBytes = this.source.dataBytes();
		List<Integer> candidates = new ArrayList<>();
		for (int i = 0; i < names.size() && candidates.size() < CANDIDATES; i++) {
			if (idLike(names.get(i))) {
				candidates.add(i);
			}
		}
		List<KeyCheck> checks = new ArrayList<>();
		int ranges = (int) Math.max(1, Math.min(this.threads, this.totalBytes / (1 << 20) + 1));
		for (int c : candidates) {
			checks.add(new KeyCheck(names.get(c), this.keyMemory / Math.max(1, candidates.size() * ranges), this.spillDir));
		}
		List<InferSource.Range> split = this.source.split(ranges);
		List<Part> parts = new ArrayList<>();
		for (int i = 0; i < split.size(); i++) {
			parts.add(new Part(names.size(), this.source.utf8(), checks));
		}
		ExecutorService pool = Executors.newFixedThreadPool(split.size(), r -> {
			Thread t = new Thread(r, "rowlift-infer");
			t.setDaemon(true);
			return t;
		});
		try {
			List<Future<?>> futures = new ArrayList<>();
			for (int i = 0; i < split.size(); i++) {
				InferSource.Range range = split.get(i);
				Part part = parts.get(i);
				futures.add(pool.submit(() -> {
					this.source.read(range, (record, line) -> observe(part, record, line, names.size(), candidates, checks),
							this.bytesRead::addAndGet);
					return null;
				}));
			}
			for (Future<?> f : futures) {
				f.get();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("reading " + this.source.displayName() + " was interrupted", ex);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof BadRecordException bad) {
				throw RowliftException.badInput(bad.getMessage());
			}
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (ex.getCause() instanceof IOException io) {
				throw io;
			}
			throw new IllegalStateException(ex.getCause());
		}
		finally {
			pool.shutdownNow();
		}
		return table(table, names, parts, candidates, checks);
	}

	private void observe(Part part, RawRecord record, long line, int columns, List<Integer> candidates, List<KeyCheck> checks) {
		part.records++;
		if ((part.records & 1023) == 0) {
			this.recordsRead.addAndGet(1024);
		}
		if (record.problem() != null || record.fieldCount() != columns) {
			if (part.bad++ == 0) {
				part.firstBad = this.source.displayName() + ":" + line + " (byte " + record.offset() + "): "
						+ (record.problem() != null ? record.problem().message()
								: record.fieldCount() + " fields where the header has " + columns);
			}
			return;
		}
		byte[] data = record.data();
		ColumnStats[] stats = part.stats;
		for (int i = 0; i < columns; i++) {
			stats[i].observe(data, record.start(i), record.end(i), record.quoted(i));
		}
		for (int k = 0; k < part.keys.length; k++) {
			int field = candidates.get(k);
			if (record.length(field) == 0) {
				checks.get(k).disqualify("it has empty values");
			}
			else {
				part.keys[k].add(data, record.start(field), record.end(field));
			}
		}
	}

	private InferredTable table(String table, List<String> names, List<Part> parts, List<Integer> candidates,
			List<KeyCheck> checks) throws IOException {
		List<ColumnStats> merged = new ArrayList<>();
		long records = 0;
		long bad = 0;
		String firstBad = null;
		for (int i = 0; i < names.size(); i++) {
			ColumnStats s = parts.get(0).stats[i];
			for (int p = 1; p < parts.size(); p++) {
				s.merge(parts.get(p).stats[i]);
			}
			merged.add(s);
		}
		for (Part p : parts) {
			records += p.records;
			bad += p.bad;
			firstBad = firstBad == null ? p.firstBad : firstBad;
		}
		this.recordsRead.set(records);
		TypeLattice.Result types = TypeLattice.decide(names, merged);
		int key = -1;
		List<String> notes = new ArrayList<>();
		for (int k = 0; k < checks.size(); k++) {
			InferredColumn column = types.columns().get(candidates.get(k));
			String unfit = keyUnfit(column);
			if (unfit != null) {
				checks.get(k).disqualify(unfit);
			}
			KeyCheck.Result result = checks.get(k).result();
			notes.add(result.note());
			if (result.unique() && key < 0) {
				key = candidates.get(k);
			}
		}
		if (candidates.isEmpty()) {
			notes.add("no id-like column (id, key, uuid, *_id, *Id, *_key): no primary key");
		}
		return new InferredTable(table, this.source.displayName(), types.columns(), types.datePattern(), types.timestampPattern(),
				key, notes, records, bad, firstBad, this.totalBytes);
	}

	/** Why a column cannot be the primary key whatever its values, or null. */
	static String keyUnfit(InferredColumn c) {
		if (c.nullable()) {
			return "it has empty values";
		}
		return switch (c.type()) {
			case INTEGER, BIG_INTEGER -> c.stats().unusualSign ? "some integers are written with + or as -0" : null;
			case TEXT -> c.stats().maxChars > 255 ? "values longer than 255 characters"
					: c.stats().trailingSpace ? "values ending in a space (MySQL compares keys without trailing spaces)" : null;
			default -> "its type, " + c.type().name().toLowerCase(Locale.ROOT) + ", is not a key type (integer or text)";
		};
	}

	static boolean keyType(Type type) {
		return type == Type.INTEGER || type == Type.BIG_INTEGER || type == Type.TEXT;
	}

}
