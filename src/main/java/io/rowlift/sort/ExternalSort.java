package io.rowlift.sort;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.progress.PhaseTracker;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitProgress;
import io.rowlift.source.UnitReader;

/**
 * Sorts the file's records by a {@link SortKey} into sorted runs on disk: the data is split at
 * record starts into one byte range per thread, each thread reads its range and writes a run each
 * time its share of the memory budget fills. Ties keep file order. Records keep their file offset
 * and get their line counted from the data's first line, so messages still name the file's lines.
 *
 * <p><b>Restart:</b> the runs are complete when their manifest exists (written last, atomically);
 * {@link #runs} then returns them without sorting again. Anything else in the folder is a sort that
 * was interrupted, and is deleted and redone: the result is the same, the order being total
 * (key, then offset). Thread-safe per call; one sort per folder at a time (the run lock sees to it).
 *
 * <p>Announces the checkpoint {@value #CHECKPOINT} once every run is written, before the manifest.
 */
public final class ExternalSort {

	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory.getLog(ExternalSort.class);

	/** The checkpoint announced with every run written and the manifest not yet. */
	public static final String CHECKPOINT = "sort";

	/** The phase the sort announces to its {@link PhaseTracker}. */
	public static final String PHASE = "sort";

	private static final String MANIFEST = "manifest";

	/** The manifest of one merged stream, as versions before the sorted streams wrote it. */
	private static final String FORMAT = "rowlift-sort 1";

	/** The manifest with the runs' parts per key range ({@link Runs#ranges}). */
	private static final String FORMAT_RANGES = "rowlift-sort 2";

	private final InputSource input;

	private final String displayName;

	private final int readBuffer;

	private final int maxRecordSize;

	private final SortKey key;

	private final int threads;

	private final long memory;

	private final Checkpoints checkpoints;

	private final PhaseTracker phases;

	/** Records a sorting thread reads between two advances of the sort's progress. */
	private static final int PROGRESS_EVERY = 4096;

	/**
	 * @param threads ranges sorted at once (and ranges the data is split into)
	 * @param memory bytes of records buffered at once over all threads (as the runs store them, plus 12
	 *     bytes each of index: see {@link RunBuffer})
	 * @param checkpoints told when the runs are written
	 */
	public ExternalSort(InputSource input, int readBuffer, int maxRecordSize, SortKey key, int threads, long memory,
			Checkpoints checkpoints) {
		this(input, readBuffer, maxRecordSize, key, threads, memory, checkpoints, PhaseTracker.NONE);
	}

	/**
	 * As above, and announces the sort as the phase {@value #PHASE} to {@code phases}, with the bytes
	 * read so far (advanced every {@value #PROGRESS_EVERY} records per thread).
	 */
	public ExternalSort(InputSource input, int readBuffer, int maxRecordSize, SortKey key, int threads, long memory,
			Checkpoints checkpoints, PhaseTracker phases) {
		this.phases = phases;
		this.input = input;
		this.displayName = input.displayName();
		this.readBuffer = readBuffer;
		this.maxRecordSize = maxRecordSize;
		this.key = key;
		this.threads = Math.max(1, threads);
		this.memory = Math.max(1 << 16, memory);
		this.checkpoints = checkpoints;
	}

	/**
	 * The sorted runs and how many records they hold, with the records of each key range.
	 * @param ranges per key range, in key order, the parts of the runs that hold its records: merged, they are
	 *     that range's records in key order; together, every record once
	 * @param blankLines blank lines the sort skipped in the input (no records: {@code rowlift.source.blank-lines}); 0 in
	 *     a manifest written before they were counted
	 */
	public record Runs(List<Path> files, long records, List<KeyRange> ranges, long blankLines) {
	}

	/**
	 * The records of one key range: a part of each run (of {@link Runs#files()}, in that order).
	 * @param parts the parts, one per run, some empty
	 * @param records records in all its parts
	 */
	public record KeyRange(List<RunFile.Part> parts, long records) {
	}

	/** The runs in {@code dir}: those a finished sort left there, or made now; one key range. */
	public Runs runs(Path dir) throws IOException {
		return runs(dir, 1);
	}

	/**
	 * The runs in {@code dir}, with their records cut into {@code ranges} key ranges from the sort's
	 * {@link KeySample}: those a finished sort for that many ranges left there, or made now. The same file
	 * cut into the same number of ranges gives ranges of the same keys however it was sorted (threads,
	 * memory), so a load that sorts again after its runs were lost resumes each range exactly.
	 */
	public Runs runs(Path dir, int ranges) throws IOException {
		Optional<Runs> done = finished(dir, ranges);
		if (done.isPresent()) {
			return done.get();
		}
		delete(dir);
		Files.createDirectories(dir);
		long started = System.nanoTime();
		try (PhaseTracker.Phase phase = this.phases.begin(PHASE, this.input.measure(), this.input.size())) {
			try {
				return sort(dir, started, phase, Math.max(1, ranges));
			}
			catch (IOException | RuntimeException ex) {
				phase.failed();
				throw ex;
			}
		}
	}

	private Runs sort(Path dir, long started, PhaseTracker.Phase phase, int keyRanges) throws IOException {
		List<ExecutionContext> ranges = List.copyOf(this.input.partitioner(Checkpoints.NONE).partition(this.threads).values());
		ExecutorService pool = Executors.newFixedThreadPool(ranges.size(), daemons());
		List<Run> runs = new ArrayList<>();
		KeySample sample = new KeySample();
		long blankLines = 0;
		try {
			List<Future<Sorted>> sorted = new ArrayList<>();
			for (int i = 0; i < ranges.size(); i++) {
				ExecutionContext range = ranges.get(i);
				int index = i;
				sorted.add(pool.submit(() -> sortRange(index, range, dir, this.memory / ranges.size(), phase, keyRanges > 1)));
			}
			for (Future<Sorted> future : sorted) {
				Sorted done = future.get();
				runs.addAll(done.runs());
				sample.merge(done.sample());
				blankLines += done.blankLines();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("sorting " + this.displayName + " was interrupted", ex);
		}
		catch (ExecutionException ex) {
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
		List<Path> files = runs.stream().map(Run::file).toList();
		long records = runs.stream().mapToLong(Run::records).sum();
		List<byte[]> cuts = sample.boundaries(keyRanges);
		// the records, then the blank lines skipped when there are any (a manifest without them reads as none)
		StringBuilder manifest = new StringBuilder(keyRanges == 1 ? FORMAT : FORMAT_RANGES).append('\n').append(records)
			.append(blankLines == 0 ? "" : " " + blankLines).append('\n');
		if (keyRanges > 1) {
			manifest.append("ranges ").append(keyRanges).append('\n');
		}
		for (Run run : runs) {
			manifest.append(run.file().getFileName()).append(' ').append(Files.size(run.file())).append(' ').append(run.records());
			for (byte[] cut : cuts) {
				RunFile.Mark start = start(run, cut);
				manifest.append(' ').append(start.offset()).append(':').append(start.ordinal());
			}
			manifest.append('\n');
		}
		this.checkpoints.reached(CHECKPOINT);
		Path temporary = dir.resolve(MANIFEST + ".tmp");
		Files.writeString(temporary, manifest, StandardCharsets.UTF_8);
		Files.move(temporary, dir.resolve(MANIFEST), StandardCopyOption.ATOMIC_MOVE);
		Runs result = finished(dir, keyRanges).orElseThrow(() -> new IOException("the manifest just written to " + dir + " cannot be read back"));
		log.info(String.format(java.util.Locale.ROOT, "sorted %,d records of %s by key into %d run(s) in %.2f s (%d threads, %,d MB of memory)%s",
				records, this.displayName, files.size(), (System.nanoTime() - started) / 1e9, ranges.size(), this.memory >> 20,
				keyRanges == 1 ? "" : "; key ranges of " + result.ranges().stream().map(r -> String.format(java.util.Locale.ROOT, "%,d", r.records()))
					.collect(java.util.stream.Collectors.joining(", ")) + " records (" + sample.size() + " keys sampled)"));
		return result;
	}

	/**
	 * Where the first record of {@code run} whose key is not below {@code cut} is: from the last mark below the
	 * cut, read forward (at most {@value RunFile#MARK_EVERY} records).
	 */
	private static RunFile.Mark start(Run run, byte[] cut) throws IOException {
		RunFile.Mark from = new RunFile.Mark(new byte[0], 0, 0);
		for (RunFile.Mark mark : run.marks()) {
			if (java.util.Arrays.compareUnsigned(mark.key(), cut) >= 0) {
				break;
			}
			from = mark;
		}
		long offset = from.offset();
		long ordinal = from.ordinal();
		try (RunFile.Cursor cursor = new RunFile.Cursor(run.file(), 64 << 10, offset, -1)) {
			while (ordinal < run.records() && cursor.next() && cursor.compareKey(cut) < 0) {
				ordinal++;
				offset = cursor.position();
			}
		}
		return new RunFile.Mark(cut, offset, ordinal);
	}

	/** Deletes a sort's folder and everything in it (nothing if it does not exist). */
	public static void delete(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> files = Files.list(dir)) {
			for (Path f : files.toList()) {
				Files.deleteIfExists(f);
			}
		}
		Files.deleteIfExists(dir);
	}

	/** One run file written by a sorting thread, the records in it and its marks. */
	private record Run(Path file, long records, List<RunFile.Mark> marks) {
	}

	/** A sorting thread's runs and its sample of the keys. */
	private record Sorted(List<Run> runs, KeySample sample, long blankLines) {
	}

	/**
	 * Sorts one unit of the input (number {@code index}) into runs of at most {@code budget} bytes of buffer;
	 * samples the keys when {@code sampled} (for key ranges).
	 */
	private Sorted sortRange(int index, ExecutionContext unit, Path dir, long budget, PhaseTracker.Phase phase, boolean sampled)
			throws IOException {
		UnitReader reader = this.input.reader(this.readBuffer, this.maxRecordSize);
		ExecutionContext context = new ExecutionContext(unit);
		reader.open(context);
		List<Run> runs = new ArrayList<>();
		KeySample sample = new KeySample();
		try {
			long lineBase = this.input.lineBase(unit);
			// a run stores about 1.9 times the file's bytes for the keys benchmark's 106-byte records (RunFile)
			RunBuffer buffer = new RunBuffer(budget, 2 * this.input.progress(unit).total());
			long reported = 0;
			int sinceReport = 0;
			for (RawRecord record = reader.read(); record != null; record = reader.read()) {
				byte[] recordKey = this.key.of(record);
				if (sampled) {
					sample.offer(recordKey);
				}
				byte[] message = RunFile.message(record);
				if (!buffer.fits(recordKey, record, message)) {
					phase.detail("writing sorted runs");
					runs.add(spill(buffer, dir, index, runs.size()));
					phase.detail(null);
				}
				buffer.add(recordKey, record, lineBase + record.line(), message);
				if (++sinceReport == PROGRESS_EVERY) { // for the progress display: a counter per batch, not per record
					sinceReport = 0;
					reader.saveReached(context, 0);
					long done = this.input.progress(context).done();
					phase.advance(done - reported);
					reported = done;
				}
			}
			reader.saveReached(context, 0);
			UnitProgress reached = this.input.progress(context);
			if (!reached.ended()) {
				throw new IllegalStateException("sorting " + this.displayName + " " + reached.shortfall());
			}
			phase.advance(reached.done() - reported);
			phase.detail("writing sorted runs");
			if (buffer.count() > 0 || runs.isEmpty()) {
				runs.add(spill(buffer, dir, index, runs.size()));
			}
			return new Sorted(runs, sample, PartitionProgress.readFrom(context).blankLines());
		}
		catch (Exception ex) {
			if (ex instanceof IOException io) {
				throw io;
			}
			if (ex instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException(ex);
		}
		finally {
			reader.close();
		}
	}

	private Run spill(RunBuffer buffer, Path dir, int unit, int number) throws IOException {
		// the buffer is in file order, and the order breaks ties by index: equal keys keep their offsets' order
		Path path = dir.resolve(String.format("r%04d-%06d.run", unit, number));
		int records = buffer.count();
		List<RunFile.Mark> marks = buffer.spill(path);
		return new Run(path, records, marks);
	}

	/**
	 * The manifest's runs cut into {@code ranges} key ranges, if it exists, was written for that many ranges
	 * and every run file is there with its size.
	 */
	private static Optional<Runs> finished(Path dir, int ranges) throws IOException {
		Path manifest = dir.resolve(MANIFEST);
		if (!Files.isRegularFile(manifest)) {
			return Optional.empty();
		}
		List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
		int first = 2;
		if (ranges == 1) {
			if (lines.size() < 2 || !lines.get(0).equals(FORMAT)) {
				return Optional.empty();
			}
		}
		else if (lines.size() < 3 || !lines.get(0).equals(FORMAT_RANGES) || !lines.get(2).equals("ranges " + ranges)) {
			return Optional.empty();
		}
		else {
			first = 3;
		}
		List<Path> files = new ArrayList<>();
		List<List<RunFile.Part>> parts = new ArrayList<>();
		for (int r = 0; r < ranges; r++) {
			parts.add(new ArrayList<>());
		}
		long[] totals = new long[ranges];
		for (String line : lines.subList(first, lines.size())) {
			String[] fields = line.split(" ");
			Path run = dir.resolve(fields[0]);
			if (fields.length != 3 + ranges - 1 || !Files.isRegularFile(run) || Files.size(run) != Long.parseLong(fields[1])) {
				return Optional.empty();
			}
			files.add(run);
			long size = Long.parseLong(fields[1]);
			long count = Long.parseLong(fields[2]);
			long offset = 0;
			long ordinal = 0;
			for (int r = 0; r < ranges; r++) {
				long endOffset = size;
				long endOrdinal = count;
				if (r < ranges - 1) {
					String[] start = fields[3 + r].split(":");
					endOffset = Long.parseLong(start[0]);
					endOrdinal = Long.parseLong(start[1]);
				}
				parts.get(r).add(new RunFile.Part(run, offset, endOrdinal - ordinal));
				totals[r] += endOrdinal - ordinal;
				offset = endOffset;
				ordinal = endOrdinal;
			}
		}
		List<KeyRange> keyRanges = new ArrayList<>();
		for (int r = 0; r < ranges; r++) {
			keyRanges.add(new KeyRange(List.copyOf(parts.get(r)), totals[r]));
		}
		String[] counts = lines.get(1).split(" ");
		return Optional.of(new Runs(List.copyOf(files), Long.parseLong(counts[0]), List.copyOf(keyRanges),
				counts.length > 1 ? Long.parseLong(counts[1]) : 0));
	}

	private static java.util.concurrent.ThreadFactory daemons() {
		AtomicInteger number = new AtomicInteger();
		return task -> {
			Thread thread = new Thread(task, "rowlift-sort-" + number.getAndIncrement());
			thread.setDaemon(true);
			return thread;
		};
	}

}
