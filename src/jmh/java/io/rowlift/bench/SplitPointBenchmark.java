package io.rowlift.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.ByteRangePartitioner;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;
import io.rowlift.source.csv.RecordBoundaryScanner;
import io.rowlift.testsupport.GenCsv;

/**
 * The split-point search as the partitioner runs it, {@link ByteRangePartitioner#ranges(int)} (the
 * {@link RecordBoundaryScanner}'s parallel block scan up to the last cut, then one local search per
 * cut), the same thing {@code io.rowlift.testsupport.SplitScanTiming} times, on a temporary file of
 * the {@code docs} shape (heavily quoted text with doubled quotes and commas).
 *
 * <p>The file is written by {@link GenCsv} (seed 42) in the trial's setup and deleted in its tear
 * down: {@code rows} rows, by default 150,000, which is 154,772,387 bytes (about 155 MB; the exact
 * size is printed by the setup). It was just written, so it is read from the page cache: this is
 * the scan's CPU cost, like rounds 2-4 of SplitScanTiming, not a disk's speed. With 8 partitions the
 * scan reads 7/8 of the file.
 *
 * <p>One operation is one {@code ranges(partitions)} call. The primary score is calls per second;
 * the secondary result {@code :MB} is MB (10^6 bytes) of file per second, counted over the whole file
 * as SplitScanTiming counts it (it says "ops/s" in JMH's table, read it as MB/s).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
public class SplitPointBenchmark {

	/** Threads of the block scan. */
	@Param({ "1", "2" })
	public int threads;

	/** Partitions asked for: {@code partitions - 1} cuts. */
	@Param("8")
	public int partitions;

	/** Rows of docs data in the file (about 1,032 bytes a row). */
	@Param("150000")
	public long rows;

	private Path dir;

	private Path file;

	private ByteRangePartitioner partitioner;

	private long size;

	@Setup(Level.Trial)
	public void generate() throws IOException {
		this.dir = Files.createTempDirectory("rowlift-jmh-split");
		this.file = GenCsv.write(this.dir.resolve("docs.csv"), "docs", this.rows);
		this.size = Files.size(this.file);
		CsvHeader header = CsvHeader.read(this.file, this.file.getFileName().toString(), CsvFormat.RFC4180);
		this.partitioner = new ByteRangePartitioner(this.file, header.format(), header.dataStart(), header.dataStartLine(),
				this.threads);
		List<ByteRange> ranges = this.partitioner.ranges(this.partitions);
		System.out.printf("%ndocs: %d rows, %d bytes (%.1f MB) in %s; last cut at byte %d%n", this.rows, this.size,
				this.size / 1e6, this.file, ranges.get(ranges.size() - 1).start());
	}

	@TearDown(Level.Trial)
	public void delete() throws IOException {
		Files.deleteIfExists(this.file);
		Files.deleteIfExists(this.dir);
	}

	@Benchmark
	public List<ByteRange> ranges(Throughput counters) {
		List<ByteRange> ranges = this.partitioner.ranges(this.partitions);
		counters.MB += this.size / 1e6;
		return ranges;
	}

	/** Secondary result: MB (10^6 bytes) of the file per second. */
	@State(Scope.Thread)
	@AuxCounters(AuxCounters.Type.OPERATIONS)
	public static class Throughput {

		public double MB;

		@Setup(Level.Iteration)
		public void reset() {
			this.MB = 0;
		}

	}

}
