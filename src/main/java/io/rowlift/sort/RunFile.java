package io.rowlift.sort;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;

/**
 * One sorted run on disk: records with their keys, in key order. The format is private to one
 * load (the files live and die with it): per record the key, the record's place in the file (offset,
 * line relative to the data's first line, raw length, line ends), its fields and its problem, if any;
 * integers big-endian. The sort encodes each record as it reads it, into its {@link RunBuffer}, and
 * writes a run as those bytes in key order. Stateless apart from {@link Cursor}.
 */
final class RunFile {

	/** A run marks every this many records (its {@link Mark}s): a key range's start is found by reading at most that many. */
	static final int MARK_EVERY = 1024;

	private RunFile() {
	}

	/**
	 * A record's key and place in its run, kept in memory while the sort runs (not in the file).
	 * @param offset the record's first byte in the run file
	 * @param ordinal records before it in the run
	 */
	record Mark(byte[] key, long offset, long ordinal) {
	}

	/**
	 * A part of a run: {@code records} records from byte {@code offset} on.
	 * @param file the run file
	 * @param offset where the part starts in it
	 * @param records records in the part
	 */
	record Part(Path file, long offset, long records) {
	}

	/**
	 * The bytes {@link #encode} writes for a record with this key, its problem's message already
	 * encoded ({@code null} for none).
	 */
	static int size(byte[] key, RawRecord record, byte[] message) {
		int fields = record.fieldCount();
		int length = fields == 0 ? 0 : record.end(fields - 1);
		return 4 + key.length + 8 + 8 + 4 + 4 + 4 + 4 * fields + length + 1 + (message == null ? 0 : 4 + message.length + 12);
	}

	/** The problem's message as a run stores it, or null for a record without a problem. */
	static byte[] message(RawRecord record) {
		RecordProblem problem = record.problem();
		return problem == null ? null : problem.message().getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * Writes one record as a run stores it into {@code into} at {@code at}, which has room for
	 * {@link #size} bytes, with {@code line} as its line (relative to the data's first line).
	 * @return the position after it
	 */
	static int encode(byte[] into, int at, byte[] key, RawRecord record, long line, byte[] message) {
		int fields = record.fieldCount();
		int length = fields == 0 ? 0 : record.end(fields - 1);
		int p = putInt(into, at, key.length);
		System.arraycopy(key, 0, into, p, key.length);
		p += key.length;
		p = putLong(into, p, record.offset());
		p = putLong(into, p, line);
		p = putInt(into, p, record.rawLength());
		p = putInt(into, p, record.lines());
		p = putInt(into, p, fields);
		for (int f = 0; f < fields; f++) {
			p = putInt(into, p, record.quoted(f) ? RawRecord.quotedEnd(record.end(f)) : record.end(f));
		}
		System.arraycopy(record.data(), 0, into, p, length);
		p += length;
		RecordProblem problem = record.problem();
		into[p++] = (byte) (problem == null ? 0 : 1);
		if (problem != null) {
			p = putInt(into, p, message.length);
			System.arraycopy(message, 0, into, p, message.length);
			p += message.length;
			p = putLong(into, p, problem.offset());
			p = putInt(into, p, problem.field());
		}
		return p;
	}

	/** The key of the record {@link #encode} wrote at {@code at}, copied out. */
	static byte[] key(byte[] encoded, int at) {
		int length = getInt(encoded, at);
		return Arrays.copyOfRange(encoded, at + 4, at + 4 + length);
	}

	/**
	 * Writes a run: the encoded records {@code encoded[starts[i], starts[i + 1])} for each {@code i}
	 * of {@code order} ({@code starts[count]} ends the last), through a buffer of its own: a stream
	 * call per record would cost more than the sort.
	 * @return the file's size
	 */
	static long write(Path path, byte[] encoded, int[] starts, int[] order) throws IOException {
		byte[] buffer = new byte[1 << 20];
		int size = 0;
		long written = 0;
		try (OutputStream out = Files.newOutputStream(path)) {
			for (int i : order) {
				int from = starts[i];
				int length = starts[i + 1] - from;
				if (size + length > buffer.length) {
					out.write(buffer, 0, size);
					written += size;
					size = 0;
				}
				if (length > buffer.length) { // a record larger than the buffer: straight to the stream
					out.write(encoded, from, length);
					written += length;
				}
				else {
					System.arraycopy(encoded, from, buffer, size, length);
					size += length;
				}
			}
			out.write(buffer, 0, size);
			written += size;
		}
		return written;
	}

	private static int putInt(byte[] b, int s, int v) {
		b[s] = (byte) (v >>> 24);
		b[s + 1] = (byte) (v >>> 16);
		b[s + 2] = (byte) (v >>> 8);
		b[s + 3] = (byte) v;
		return s + 4;
	}

	private static int putLong(byte[] b, int s, long v) {
		return putInt(b, putInt(b, s, (int) (v >>> 32)), (int) v);
	}

	private static int getInt(byte[] b, int p) {
		return (b[p] & 0xff) << 24 | (b[p + 1] & 0xff) << 16 | (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
	}

	/** Reads a run back, one record at a time. Not thread-safe. */
	static final class Cursor implements AutoCloseable {

		private final InputStream in;

		private byte[] buffer;

		private int position;

		private int limit;

		/** The current record's key in its first {@link #keyLength} bytes: one array per cursor, not one per record. */
		private byte[] key = new byte[64];

		private int keyLength;

		private RawRecord record;

		/** The file offset of {@code buffer[0]}. */
		private long base;

		/** Records the cursor may still read; -1: to the end of the file. */
		private long remaining;

		Cursor(Path path, int bufferSize) throws IOException {
			this(path, bufferSize, 0, -1);
		}

		/**
		 * A cursor over {@code records} records from byte {@code offset} on (a {@link Part}); {@code records}
		 * -1: to the end of the file.
		 */
		Cursor(Path path, int bufferSize, long offset, long records) throws IOException {
			this.in = Files.newInputStream(path);
			this.buffer = new byte[Math.max(64, bufferSize)];
			this.remaining = records;
			long skipped = 0;
			while (skipped < offset) {
				long n = this.in.skip(offset - skipped);
				if (n <= 0) {
					this.in.close();
					throw new EOFException("a sorted run " + path + " ends before byte " + offset);
				}
				skipped += n;
			}
			this.base = offset;
		}

		/** The file offset of the next record (after the current one). */
		long position() {
			return this.base + this.position;
		}

		/** The current record's key against {@code key} (unsigned bytes). */
		int compareKey(byte[] key) {
			return Arrays.compareUnsigned(this.key, 0, this.keyLength, key, 0, key.length);
		}

		/** Moves to the next record; false at the end of the run (or of the part). */
		boolean next() throws IOException {
			if (this.remaining == 0) {
				this.keyLength = 0;
				this.record = null;
				return false;
			}
			if (this.remaining > 0) {
				this.remaining--;
			}
			if (!available(4)) {
				if (this.limit > this.position) {
					throw new EOFException("a sorted run ends inside a record");
				}
				this.keyLength = 0;
				this.record = null;
				return false;
			}
			int length = getInt();
			if (length > this.key.length) {
				this.key = new byte[Math.max(length, 2 * this.key.length)];
			}
			need(length);
			System.arraycopy(this.buffer, this.position, this.key, 0, length);
			this.position += length;
			this.keyLength = length;
			need(8 + 8 + 4 + 4 + 4);
			long offset = getLong();
			long line = getLong();
			int rawLength = getInt();
			int lines = getInt();
			int fields = getInt();
			int[] ends = new int[fields];
			need(4 * fields);
			for (int f = 0; f < fields; f++) {
				ends[f] = getInt();
			}
			byte[] data = new byte[fields == 0 ? 0 : ends[fields - 1] & 0x7fff_ffff];
			get(data);
			need(1);
			RecordProblem problem = null;
			if (this.buffer[this.position++] != 0) {
				need(4);
				byte[] message = new byte[getInt()];
				get(message);
				need(12);
				problem = new RecordProblem(new String(message, StandardCharsets.UTF_8), getLong(), getInt());
			}
			this.record = new RawRecord(data, ends, offset, line, rawLength, lines, problem);
			return true;
		}

		/** The merge order of the two cursors' current records: by key (unsigned), then by file offset. */
		int compareTo(Cursor other) {
			int c = Arrays.compareUnsigned(this.key, 0, this.keyLength, other.key, 0, other.keyLength);
			return c != 0 ? c : Long.compare(this.record.offset(), other.record.offset());
		}

		RawRecord record() {
			return this.record;
		}

		@Override
		public void close() throws IOException {
			this.in.close();
		}

		private void need(int n) throws IOException {
			if (!available(n)) {
				throw new EOFException("a sorted run ends inside a record");
			}
		}

		/** Whether {@code n} bytes can be had at the position, reading more as needed. */
		private boolean available(int n) throws IOException {
			if (this.limit - this.position >= n) {
				return true;
			}
			this.base += this.position;
			if (n > this.buffer.length) {
				byte[] bigger = new byte[n];
				System.arraycopy(this.buffer, this.position, bigger, 0, this.limit - this.position);
				this.limit -= this.position;
				this.position = 0;
				this.buffer = bigger;
			}
			else {
				System.arraycopy(this.buffer, this.position, this.buffer, 0, this.limit - this.position);
				this.limit -= this.position;
				this.position = 0;
			}
			while (this.limit < n) {
				int read = this.in.read(this.buffer, this.limit, this.buffer.length - this.limit);
				if (read < 0) {
					return false;
				}
				this.limit += read;
			}
			return true;
		}

		private void get(byte[] into) throws IOException {
			int copied = Math.min(into.length, this.limit - this.position);
			System.arraycopy(this.buffer, this.position, into, 0, copied);
			this.position += copied;
			while (copied < into.length) { // a large field: straight from the stream
				int read = this.in.read(into, copied, into.length - copied);
				if (read < 0) {
					throw new EOFException("a sorted run ends inside a record");
				}
				copied += read;
				this.base += read; // the buffer is empty (position == limit): these bytes come after it
			}
		}

		private int getInt() {
			byte[] b = this.buffer;
			int p = this.position;
			this.position = p + 4;
			return (b[p] & 0xff) << 24 | (b[p + 1] & 0xff) << 16 | (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
		}

		private long getLong() {
			return (long) getInt() << 32 | (getInt() & 0xffff_ffffL);
		}

	}

}
