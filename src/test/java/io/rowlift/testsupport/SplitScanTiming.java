package io.rowlift.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.ByteRangePartitioner;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;

/**
 * Times the split-point search on a file, as the partitioner runs it: {@code java -cp
 * target/classes:target/test-classes:<deps> io.rowlift.testsupport.SplitScanTiming FILE PARTITIONS
 * THREADS [ROUNDS]}. Prints MB/s per round (the first round may read from disk, later ones from the
 * page cache). A measuring tool for docs/benchmarks.md, not a test.
 */
public final class SplitScanTiming {

	private SplitScanTiming() {
	}

	public static void main(String[] args) throws Exception {
		Path file = Path.of(args[0]);
		int partitions = Integer.parseInt(args[1]);
		int threads = Integer.parseInt(args[2]);
		int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
		CsvHeader header = CsvHeader.read(file, file.toString(), CsvFormat.RFC4180);
		long size = Files.size(file);
		for (int r = 1; r <= rounds; r++) {
			long t0 = System.nanoTime();
			List<ByteRange> ranges = new ByteRangePartitioner(file, header.format(), header.dataStart(), header.dataStartLine(),
					threads)
				.ranges(partitions);
			double seconds = (System.nanoTime() - t0) / 1e9;
			System.out.printf("round %d: %d partitions, %d threads: %.2f s, %.0f MB/s over %.0f MB (last cut at byte %d)%n", r,
					partitions, threads, seconds, size / 1e6 / seconds, size / 1e6, ranges.get(partitions - 1).start());
		}
	}

}
