package io.rowlift.source.documents;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.rowlift.RowliftException;
import io.rowlift.model.BadRecordException;

/**
 * Reads a unit's documents ahead of its parser, on a few threads of its own, and hands them out in listing
 * order. A folder's documents are small: opening, reading, closing and looking at each file costs more than
 * parsing it (session 14: 42,000 files/s on one thread), and those system calls run in parallel.
 *
 * <p>Bounded: at most {@value #AHEAD} documents and {@value #AHEAD_BYTES} bytes of them are read ahead (one
 * document at least, whatever its size), so a unit of millions of files holds a few hundred in memory.
 *
 * <p>Each document is read, then looked at by its name ({@code stat}): a file that is gone, or whose size or
 * modification time is not the listing's once its bytes are in, is a {@link RowliftException} (exit 1) that
 * names it, raised by {@link #next} when the document's turn comes, never skipped. Looking after reading (not
 * before) means that the bytes handed out are those of the file the listing saw: a file rewritten or replaced
 * before or while it was read has another time or size by then. A document longer than the record limit is a
 * {@link BadRecordException}, also in its turn.
 *
 * <p>{@link #next} and {@link #close} are for one thread (the unit's reader); the reading threads touch
 * nothing but their own document. {@link #close} stops them without waiting for what they read.
 */
final class DocumentFetcher implements AutoCloseable {

	/** Documents read ahead at most. */
	static final int AHEAD = 256;

	/** Bytes of documents read ahead at most (a larger document is read alone). */
	static final long AHEAD_BYTES = 8L << 20;

	private static final AtomicInteger POOLS = new AtomicInteger();

	private static final Set<StandardOpenOption> READ = Set.of(StandardOpenOption.READ);

	/** A document as read: its entry and its bytes. */
	record Fetched(Listing.Entry entry, byte[] content) {
	}

	private final DocumentsInput input;

	private final Listing.Cursor cursor;

	private final long end;

	private final int maxRecordSize;

	private final ExecutorService pool;

	/** The folder held open, its files opened and looked at relative to it; null where the platform cannot. */
	private final SecureDirectoryStream<Path> folder;

	private final ArrayDeque<Pending> ahead = new ArrayDeque<>();

	private long aheadBytes;

	private boolean listed;

	private record Pending(Listing.Entry entry, Future<byte[]> content) {
	}

	/**
	 * @param cursor the listing at the first document to read (this fetcher reads on from it, closes it not)
	 * @param end the listing's offset where the unit ends
	 * @param threads reading threads
	 */
	DocumentFetcher(DocumentsInput input, Listing.Cursor cursor, long end, int maxRecordSize, int threads) throws IOException {
		this.input = input;
		this.cursor = cursor;
		this.end = end;
		this.maxRecordSize = maxRecordSize;
		this.folder = openFolder(input.folder().dir());
		int pool = POOLS.incrementAndGet();
		AtomicInteger thread = new AtomicInteger();
		this.pool = Executors.newFixedThreadPool(Math.max(1, threads), task -> {
			Thread t = new Thread(task, "rowlift-documents-" + pool + "-read-" + thread.incrementAndGet());
			t.setDaemon(true); // a reader never closed (a killed step) does not keep the JVM up
			return t;
		});
	}

	/**
	 * The folder open as a directory handle, so that each file is opened ({@code openat}) and looked at
	 * ({@code fstatat}) by its name alone, without the kernel walking the folder's whole path each time; null
	 * where the platform has no such handle (then by path, the same checks).
	 */
	private static SecureDirectoryStream<Path> openFolder(Path dir) throws IOException {
		DirectoryStream<Path> stream = Files.newDirectoryStream(dir);
		if (stream instanceof SecureDirectoryStream<Path> secure) {
			return secure;
		}
		stream.close();
		return null;
	}

	/** Threads that read documents for one unit: the processors', from 2 to 4 (system calls, not parsing). */
	static int defaultThreads() {
		return Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
	}

	/**
	 * The next document in listing order, or null after the unit's last.
	 * @throws RowliftException a document gone or changed (exit 1), with its name
	 * @throws BadRecordException a document longer than the record limit
	 */
	Fetched next() throws IOException {
		fill();
		Pending head = this.ahead.poll();
		if (head == null) {
			return null;
		}
		this.aheadBytes -= head.entry().size();
		byte[] content;
		try {
			content = head.content().get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new InterruptedIOException("interrupted while reading " + this.input.documentName(head.entry().name()));
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (cause instanceof IOException io) {
				throw io;
			}
			if (cause instanceof Error error) {
				throw error;
			}
			throw new IOException(cause);
		}
		fill();
		return new Fetched(head.entry(), content);
	}

	/** Starts reading the next documents of the unit, up to the bounds. */
	private void fill() throws IOException {
		while (!this.listed && this.ahead.size() < AHEAD && (this.ahead.isEmpty() || this.aheadBytes < AHEAD_BYTES)) {
			Listing.Entry entry = this.cursor.offset() >= this.end ? null : this.cursor.next();
			if (entry == null) {
				this.listed = true;
				return;
			}
			this.aheadBytes += entry.size();
			this.ahead.add(new Pending(entry, this.pool.submit(() -> read(entry))));
		}
	}

	/** Reads {@code entry}'s document, then checks it against the listing. On a reading thread. */
	private byte[] read(Listing.Entry entry) throws IOException {
		Path file = this.input.folder().resolve(entry.name());
		if (entry.size() > this.maxRecordSize) {
			throw new BadRecordException(this.input.documentName(entry.name()) + ": a document of " + entry.size()
					+ " bytes, longer than rowlift.source.max-record-size (" + this.maxRecordSize + " bytes); raise it if the "
					+ "document is meant to be that long");
		}
		int size = (int) entry.size();
		byte[] content = new byte[size];
		int read = 0;
		Path relative = file.getFileName();
		try (SeekableByteChannel channel = this.folder != null ? this.folder.newByteChannel(relative, READ)
				: FileChannel.open(file, StandardOpenOption.READ)) {
			ByteBuffer buffer = ByteBuffer.wrap(content);
			while (buffer.hasRemaining()) {
				if (channel.read(buffer) < 0) {
					break;
				}
			}
			read = buffer.position();
		}
		catch (NoSuchFileException ex) {
			throw gone(entry);
		}
		BasicFileAttributes now;
		try {
			now = this.folder != null ? this.folder.getFileAttributeView(relative, BasicFileAttributeView.class).readAttributes()
					: Files.readAttributes(file, BasicFileAttributes.class);
		}
		catch (NoSuchFileException ex) {
			throw gone(entry);
		}
		if (now.size() != entry.size() || now.lastModifiedTime().toMillis() != entry.modified() || read != size) {
			throw changed(this.input.documentName(entry.name()) + " changed during the load: " + entry.size()
					+ " bytes, modified at " + entry.modified() + " ms when the load listed " + this.input.displayName() + "; "
					+ now.size() + " bytes, modified at " + now.lastModifiedTime().toMillis() + " ms now");
		}
		return content;
	}

	private RowliftException gone(Listing.Entry entry) {
		return changed(this.input.documentName(entry.name()) + " was deleted or moved during the load (" + entry.size()
				+ " bytes when the load listed " + this.input.displayName() + ")");
	}

	static RowliftException changed(String what) {
		return new RowliftException(1, what + ". Rowlift loads a folder as it was listed when the load started, so its files "
				+ "must be left alone until the load has ended; nothing of this document was written. Run the same command "
				+ "again: it is refused (exit 3) because the folder changed, and says how to load the folder as it is now");
	}

	/** Stops the reading threads; what they were reading is dropped. */
	@Override
	public void close() {
		this.pool.shutdownNow();
		this.ahead.clear();
		if (this.folder != null) {
			try {
				this.folder.close();
			}
			catch (IOException ex) {
				// a directory handle that will not close leaks nothing the JVM's end does not free
			}
		}
	}

}
