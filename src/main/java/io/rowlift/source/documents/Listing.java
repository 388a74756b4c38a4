package io.rowlift.source.documents;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.PriorityQueue;
import java.util.stream.Stream;

import io.rowlift.RowliftException;

/**
 * A folder's listing sorted in key order ({@link DocumentOrder}), in a file of its own: one line per
 * document, {@code size TAB mtime TAB name}. Built by an external merge sort: the directory is streamed,
 * every {@value #RUN} entries are sorted in memory and written as a run, and the runs are merged; so
 * listing 3 million names holds at most {@value #RUN} entries in memory at once. A unit of the load is a
 * byte range of this file, its position the byte offset of the next line.
 *
 * <p>The file is kept in {@code ${java.io.tmpdir}/rowlift-listings}, named after the folder and its
 * fingerprint: a resume finds it there and does not list again; without it (another machine, a cleaned
 * temporary folder) it lists again, which gives the same file when the folder is unchanged (the order is
 * total). Files older than a week are deleted when another listing is built. Immutable; thread-safe.
 *
 * @param file the sorted listing
 * @param count its documents
 * @param bytes their total size
 * @param fingerprint the folder's fingerprint when it was listed ({@link Folder.Fingerprint})
 * @param stamp the folder's {@linkplain Folder#settledStamp settled stamp} taken before it was listed, or null
 *        (none taken: a listing found again, or a directory modified just before)
 */
record Listing(Path file, long count, long bytes, String fingerprint, String stamp) {

	/** Entries sorted in memory at once. */
	static final int RUN = 100_000;

	private static final Duration KEEP = Duration.ofDays(7);

	/** One document of the listing. */
	record Entry(String name, long size, long modified) {

		String key() {
			return DocumentOrder.keyOf(this.name);
		}

		String line() {
			return this.size + "\t" + this.modified + "\t" + this.name;
		}

		static Entry parse(String line) {
			int a = line.indexOf('\t');
			int b = line.indexOf('\t', a + 1);
			return new Entry(line.substring(b + 1), Long.parseLong(line, 0, a, 10), Long.parseLong(line, a + 1, b, 10));
		}

	}

	/** The folder's listing with {@code fingerprint}, if an earlier listing left it. */
	static java.util.Optional<Listing> cached(Folder folder, String fingerprint, long count, long bytes) {
		Path file = home().resolve(name(folder, fingerprint));
		return Files.isRegularFile(file) ? java.util.Optional.of(new Listing(file, count, bytes, fingerprint, null))
				: java.util.Optional.empty();
	}

	/**
	 * Lists and sorts {@code folder}.
	 * @throws RowliftException (exit 2) for a file whose name holds a line break
	 */
	static Listing build(Folder folder, String displayName) throws IOException {
		return build(folder, displayName, RUN);
	}

	/** As above, sorting {@code run} entries in memory at once (tests use small runs to merge many). */
	static Listing build(Folder folder, String displayName, int run) throws IOException {
		Path home = Files.createDirectories(home());
		clean(home);
		Path runs = Files.createTempDirectory(home, "runs");
		try {
			List<Path> files = new ArrayList<>();
			List<DocumentOrder.Keyed> chunk = new ArrayList<>();
			long[] totals = new long[2];
			// before the listing: a name added while it runs then changes the directory's time after this
			String stamp = folder.settledStamp();
			String fingerprint = folder.scan((name, size, modified) -> {
				if (name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
					throw RowliftException.badInput(displayName + ": the file name '" + name.replace("\n", "\\n").replace("\r", "\\r")
							+ "' holds a line break; rename the file (a key cannot hold one either)");
				}
				chunk.add(DocumentOrder.Keyed.of(new Entry(name, size, modified)));
				totals[0]++;
				totals[1] += size;
				if (chunk.size() == run) {
					files.add(spill(chunk, runs, files.size()));
				}
			});
			if (!chunk.isEmpty() || files.isEmpty()) {
				files.add(spill(chunk, runs, files.size()));
			}
			Path merged = files.size() == 1 ? files.get(0) : merge(files, runs.resolve("merged"));
			Path file = home.resolve(name(folder, fingerprint));
			Files.move(merged, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			return new Listing(file, totals[0], totals[1], fingerprint, stamp);
		}
		finally {
			try (Stream<Path> left = Files.list(runs)) {
				for (Path p : left.toList()) {
					Files.deleteIfExists(p);
				}
			}
			Files.deleteIfExists(runs);
		}
	}

	private static Path spill(List<DocumentOrder.Keyed> chunk, Path runs, int index) throws IOException {
		chunk.sort(DocumentOrder.KEYED);
		Path run = runs.resolve("run" + index);
		try (BufferedWriter out = Files.newBufferedWriter(run, StandardCharsets.UTF_8)) {
			for (DocumentOrder.Keyed keyed : chunk) {
				out.write(keyed.entry().line());
				out.write('\n');
			}
		}
		chunk.clear();
		return run;
	}

	private record Head(DocumentOrder.Keyed keyed, BufferedReader from) {
	}

	private static Path merge(List<Path> runs, Path into) throws IOException {
		PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> DocumentOrder.KEYED.compare(a.keyed(), b.keyed()));
		List<BufferedReader> readers = new ArrayList<>();
		try (BufferedWriter out = Files.newBufferedWriter(into, StandardCharsets.UTF_8)) {
			for (Path run : runs) {
				BufferedReader reader = Files.newBufferedReader(run, StandardCharsets.UTF_8);
				readers.add(reader);
				String line = reader.readLine();
				if (line != null) {
					heads.add(new Head(DocumentOrder.Keyed.of(Entry.parse(line)), reader));
				}
			}
			while (!heads.isEmpty()) {
				Head head = heads.poll();
				out.write(head.keyed().entry().line());
				out.write('\n');
				String line = head.from().readLine();
				if (line != null) {
					heads.add(new Head(DocumentOrder.Keyed.of(Entry.parse(line)), head.from()));
				}
			}
		}
		finally {
			for (BufferedReader reader : readers) {
				reader.close();
			}
		}
		return into;
	}

	/** Where listings are kept. */
	static Path home() {
		return Path.of(System.getProperty("java.io.tmpdir"), "rowlift-listings");
	}

	private static String name(Folder folder, String fingerprint) {
		return "listing-" + sha(folder.path().toString()).substring(0, 16) + "-" + sha(fingerprint).substring(0, 24) + ".txt";
	}

	private static String sha(String text) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every JVM has SHA-256", ex);
		}
	}

	private static void clean(Path home) {
		Instant old = Instant.now().minus(KEEP);
		try (Stream<Path> files = Files.list(home)) {
			for (Path file : files.toList()) {
				if (file.getFileName().toString().startsWith("listing-")
						&& Files.getLastModifiedTime(file).toInstant().isBefore(old)) {
					Files.deleteIfExists(file);
				}
			}
		}
		catch (IOException ex) {
			// cleaning is a courtesy
		}
	}

	/** Reads the listing's lines from a byte offset on. Not thread-safe. */
	Cursor cursor(long offset) throws IOException {
		return new Cursor(FileChannel.open(this.file, StandardOpenOption.READ), offset);
	}

	/** The lines of the listing from an offset, with the offset of each. Not thread-safe. */
	static final class Cursor implements Closeable {

		private final FileChannel channel;

		private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

		private long offset;

		private long lineStart;

		private byte[] line = new byte[256];

		Cursor(FileChannel channel, long offset) throws IOException {
			this.channel = channel;
			this.offset = offset;
			channel.position(offset);
			this.buffer.limit(0);
		}

		/** The offset of the next line. */
		long offset() {
			return this.offset;
		}

		/** The offset of the line {@link #next} returned last. */
		long lineStart() {
			return this.lineStart;
		}

		/** The next entry, or null at the end of the listing. */
		Entry next() throws IOException {
			this.lineStart = this.offset;
			int n = 0;
			while (true) {
				if (!this.buffer.hasRemaining()) {
					this.buffer.clear();
					if (this.channel.read(this.buffer) <= 0) {
						this.buffer.limit(0);
						if (n == 0) {
							return null;
						}
						break;
					}
					this.buffer.flip();
				}
				byte b = this.buffer.get();
				this.offset++;
				if (b == '\n') {
					break;
				}
				if (n == this.line.length) {
					this.line = java.util.Arrays.copyOf(this.line, n * 2);
				}
				this.line[n++] = b;
			}
			return Entry.parse(new String(this.line, 0, n, StandardCharsets.UTF_8));
		}

		@Override
		public void close() throws IOException {
			this.channel.close();
		}

	}

}
