package io.rowlift.source.documents;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The folder a load reads: every regular file directly in {@code dir} whose name does not start with a dot,
 * or, with a glob ({@code /data/docs/*.json}), those whose name matches it. Not recursive: subfolders are
 * not read. Listing streams the directory: one entry at a time, never the whole listing in memory.
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

	/** Whether {@code path} names a folder of documents: a directory, or a glob in its last part. */
	static boolean isFolder(Path path) {
		return Files.isDirectory(path) || (path.getFileName() != null && hasGlob(path.getFileName().toString())
				&& path.getParent() != null && Files.isDirectory(path.getParent()));
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

	/** Lists the folder's files into {@code sink}, in the directory's own order; returns the listing's fingerprint. */
	String scan(Sink sink) throws IOException {
		Fingerprint fingerprint = new Fingerprint();
		try (DirectoryStream<Path> files = this.glob == null ? Files.newDirectoryStream(this.dir)
				: Files.newDirectoryStream(this.dir, this.glob)) {
			for (Path file : files) {
				String name = file.getFileName().toString();
				if (name.startsWith(".")) {
					continue;
				}
				BasicFileAttributes attributes;
				try {
					attributes = Files.readAttributes(file, BasicFileAttributes.class);
				}
				catch (java.nio.file.NoSuchFileException gone) {
					continue; // removed between the directory's listing and its look: not in the listing, as if listed a moment later
				}
				if (!attributes.isRegularFile()) {
					continue;
				}
				long modified = attributes.lastModifiedTime().toMillis();
				fingerprint.add(name, attributes.size(), modified);
				sink.accept(name, attributes.size(), modified);
			}
		}
		return fingerprint.toString();
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

		private final MessageDigest sha;

		private long count;

		private long bytes;

		private long newest;

		private long high;

		private long low;

		Fingerprint() {
			try {
				this.sha = MessageDigest.getInstance("SHA-256");
			}
			catch (NoSuchAlgorithmException ex) {
				throw new IllegalStateException("every JVM has SHA-256", ex);
			}
		}

		void add(String name, long size, long modified) {
			this.sha.update(name.getBytes(StandardCharsets.UTF_8));
			this.sha.update((byte) 0);
			this.sha.update((size + "/" + modified).getBytes(StandardCharsets.US_ASCII));
			byte[] digest = this.sha.digest();
			this.high += java.nio.ByteBuffer.wrap(digest, 0, 8).getLong();
			this.low += java.nio.ByteBuffer.wrap(digest, 8, 8).getLong();
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
