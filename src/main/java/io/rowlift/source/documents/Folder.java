package io.rowlift.source.documents;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The folder a load reads: every regular file directly in {@code dir} whose name does not start with a dot,
 * or, with a glob ({@code /data/docs/*.json}), those whose name matches it. Not recursive: subfolders are
 * not read. Listing streams the directory: a few batches of entries at a time, never the whole listing in memory.
 * Immutable; thread-safe.
 *
 * @param dir the folder (canonical)
 * @param glob the pattern of the names, or null for every file
 */
record Folder(Path dir, String glob) {

	/** Takes one file of the listing. */
	interface Sink {

		void accept(String name, long size, long modified) throws IOException;

	}

	/** Whether {@code path} names a folder of documents: a directory, or a glob in its last part that is not a file's own name. */
	static boolean isFolder(Path path) {
		// a file that is there is that file, whatever its name holds: "x[31m.csv" is no glob (issue 34)
		return Files.isDirectory(path) || (!Files.isRegularFile(path) && path.getFileName() != null
				&& hasGlob(path.getFileName().toString()) && path.getParent() != null && Files.isDirectory(path.getParent()));
	}

	static boolean hasGlob(String name) {
		return name.indexOf('*') >= 0 || name.indexOf('?') >= 0 || name.indexOf('[') >= 0 || name.indexOf('{') >= 0;
	}

	/** The folder {@code path} names (a directory, or a directory and a glob). */
	static Folder of(Path path) {
		if (Files.isDirectory(path)) {
			return new Folder(path, null);
		}
		return new Folder(path.getParent(), path.getFileName().toString());
	}

	/** The path as the load keeps it: the directory, or the directory with the glob as its last part. */
	Path path() {
		return this.glob == null ? this.dir : this.dir.resolve(this.glob);
	}

	Path resolve(String name) {
		return this.dir.resolve(name);
	}

	/**
	 * Lists the folder's files into {@code sink}, in the directory's own order (batches of it, in turn); returns
	 * the listing's fingerprint. The directory is read on the calling thread and its names looked at
	 * ({@code stat}) on {@value #LOOKERS} threads of their own, a batch of {@value #BATCH} names each, at most
	 * {@value #BATCHES} batches ahead: a look costs more than reading a name, and so at most about
	 * {@value #BATCHES} x {@value #BATCH} names wait in memory whatever the folder holds. {@code sink} is
	 * called on the calling thread only.
	 */
	String scan(Sink sink) throws IOException {
		Fingerprint fingerprint = new Fingerprint();
		AtomicInteger thread = new AtomicInteger();
		ExecutorService lookers = Executors.newFixedThreadPool(LOOKERS, task -> {
			Thread t = new Thread(task, "rowlift-listing-" + thread.incrementAndGet());
			t.setDaemon(true);
			return t;
		});
		ArrayDeque<Future<List<Looked>>> pending = new ArrayDeque<>();
		try (DirectoryStream<Path> files = this.glob == null ? Files.newDirectoryStream(this.dir)
				: Files.newDirectoryStream(this.dir, this.glob)) {
			List<String> batch = new ArrayList<>(BATCH);
			for (Path file : files) {
				String name = file.getFileName().toString();
				if (name.startsWith(".")) {
					continue;
				}
				batch.add(name);
				if (batch.size() == BATCH) {
					List<String> names = batch;
					pending.add(lookers.submit(() -> look(files, names)));
					batch = new ArrayList<>(BATCH);
					while (pending.size() >= BATCHES) {
						take(pending.poll(), fingerprint, sink);
					}
				}
			}
			List<String> names = batch;
			pending.add(lookers.submit(() -> look(files, names)));
			while (!pending.isEmpty()) {
				take(pending.poll(), fingerprint, sink);
			}
		}
		finally {
			lookers.shutdownNow();
		}
		return fingerprint.toString();
	}

	/** Threads that look at a folder's names. */
	static final int LOOKERS = 2;

	/** Names a looking thread takes at once. */
	static final int BATCH = 512;

	/** Batches looked at ahead of the sink at most. */
	static final int BATCHES = 8;

	/** A file as looked at, with its share of the fingerprint. */
	private record Looked(String name, long size, long modified, long high, long low) {
	}

	/**
	 * Looks at {@code names}: the regular files among them, each with its digest. On a looking thread. Relative
	 * to the open directory ({@code fstatat}) where the platform allows it: the kernel then does not walk the
	 * folder's path for each name.
	 */
	private List<Looked> look(DirectoryStream<Path> directory, List<String> names) throws IOException {
		SecureDirectoryStream<Path> secure = directory instanceof SecureDirectoryStream<Path> open ? open : null;
		MessageDigest sha = Fingerprint.sha();
		List<Looked> looked = new ArrayList<>(names.size());
		for (String name : names) {
			BasicFileAttributes attributes;
			try {
				attributes = secure != null
						? secure.getFileAttributeView(this.dir.getFileSystem().getPath(name), BasicFileAttributeView.class).readAttributes()
						: Files.readAttributes(this.dir.resolve(name), BasicFileAttributes.class);
			}
			catch (java.nio.file.NoSuchFileException gone) {
				continue; // removed between the directory's listing and its look: not in the listing, as if listed a moment later
			}
			if (!attributes.isRegularFile()) {
				continue;
			}
			long size = attributes.size();
			long modified = attributes.lastModifiedTime().toMillis();
			byte[] digest = Fingerprint.digest(sha, name, size, modified);
			looked.add(new Looked(name, size, modified, ByteBuffer.wrap(digest, 0, 8).getLong(), ByteBuffer.wrap(digest, 8, 8).getLong()));
		}
		return looked;
	}

	private static void take(Future<List<Looked>> batch, Fingerprint fingerprint, Sink sink) throws IOException {
		List<Looked> looked;
		try {
			looked = batch.get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new InterruptedIOException("interrupted while listing a folder");
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof IOException io) {
				throw io;
			}
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (ex.getCause() instanceof Error error) {
				throw error;
			}
			throw new IOException(ex.getCause());
		}
		for (Looked file : looked) {
			fingerprint.add(file.size(), file.modified(), file.high(), file.low());
			sink.accept(file.name(), file.size(), file.modified());
		}
	}

	/**
	 * What the folder's directory entry says now: {@code MTIME-NANOS/FILE-KEY}, its modification time and its
	 * identity (device and inode where the file system has them). A name added to, removed from or renamed in
	 * the directory changes its modification time; a file rewritten in place does not (which is why the reader
	 * compares each document with the listing when it reads it, and this covers only the names).
	 * @throws IOException when the directory cannot be looked at (gone, no permission)
	 */
	String stampNow() throws IOException {
		BasicFileAttributes attributes = Files.readAttributes(this.dir, BasicFileAttributes.class);
		return attributes.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS) + "/" + attributes.fileKey();
	}

	/**
	 * {@link #stampNow}, taken before a listing, when it can vouch later that no name was added or removed
	 * since: only when the directory was last modified at least {@value #SETTLED_MILLIS} ms before now. A
	 * directory modified just now could be modified again within the same tick of a coarse file system clock
	 * (2 s on FAT, a few ms on Linux's), leaving its time as it was: then null, and the load's end lists the
	 * folder again.
	 */
	String settledStamp() throws IOException {
		long before = System.currentTimeMillis() - SETTLED_MILLIS;
		BasicFileAttributes attributes = Files.readAttributes(this.dir, BasicFileAttributes.class);
		if (attributes.lastModifiedTime().toMillis() >= before || attributes.fileKey() == null) {
			return null;
		}
		return attributes.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS) + "/" + attributes.fileKey();
	}

	/** How long a directory must have been left alone for its modification time to vouch for its names. */
	static final long SETTLED_MILLIS = 3000;

	/** The fingerprint of the folder as it is now ({@link #scan}, nothing kept). */
	String fingerprint() throws IOException {
		return scan((name, size, modified) -> {
		});
	}

	/**
	 * The fingerprint of a listing, whatever the order its entries come in: {@code bytes:newest:folder-count-hash},
	 * the total size, the newest modification time (milliseconds), the number of files and the sum over the
	 * files of a SHA-256 (first 128 bits) of name, size and modification time. So a file added, removed,
	 * renamed, resized or touched changes it. The same form as a file's ({@code size:mtime:checksum}).
	 */
	static final class Fingerprint {

		private long count;

		private long bytes;

		private long newest;

		private long high;

		private long low;

		static MessageDigest sha() {
			try {
				return MessageDigest.getInstance("SHA-256");
			}
			catch (NoSuchAlgorithmException ex) {
				throw new IllegalStateException("every JVM has SHA-256", ex);
			}
		}

		/** A file's digest: SHA-256 of its name, a zero byte and {@code size/modified}. */
		static byte[] digest(MessageDigest sha, String name, long size, long modified) {
			sha.update(name.getBytes(StandardCharsets.UTF_8));
			sha.update((byte) 0);
			sha.update((size + "/" + modified).getBytes(StandardCharsets.US_ASCII));
			return sha.digest();
		}

		/** Adds a file whose digest's first 128 bits are {@code high} and {@code low}. */
		void add(long size, long modified, long high, long low) {
			this.high += high;
			this.low += low;
			this.count++;
			this.bytes += size;
			this.newest = Math.max(this.newest, modified);
		}

		@Override
		public String toString() {
			return this.bytes + ":" + this.newest + ":folder-" + this.count + "-" + String.format("%016x%016x", this.high, this.low);
		}

	}

}
