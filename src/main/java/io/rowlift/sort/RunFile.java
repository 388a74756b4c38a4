package io.rowlift.sort;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;

/**
 * One sorted run on disk: records with their keys, in key order. The format is private to one
 * load (the files live and die with it): per record the key, the record's place in the file (offset,
 * line relative to the data's first line, raw length, line ends), its fields and its problem, if any;
 * integers big-endian. Encoded through a buffer of its own: a stream call per value would cost more
 * than the sort.
 */
final class RunFile {

	private RunFile() {
	}

	/** Writes {@code records} in {@code order}, each with its key; returns the file's size. */
	static long write(Path path, RawRecord[] records, int[] order, SortKey key) throws IOException {
		try (OutputStream out = Files.newOutputStream(path)) {
			Encoder encoder = new Encoder(out);
			for (int i : order) {
				encoder.write(key.of(records[i]), records[i]);
			}
			encoder.flush();
		}
		return Files.size(path);
	}

	private static final class Encoder {

		private final OutputStream out;

		private byte[] buffer = new byte[1 << 20];

		private int size;

		Encoder(OutputStream out) {
			this.out = out;
		}

		void write(byte[] key, RawRecord record) throws IOException {
			int fields = record.fieldCount();
			int length = fields == 0 ? 0 : record.end(fields - 1);
			RecordProblem problem = record.problem();
			byte[] message = problem == null ? null : problem.message().getBytes(StandardCharsets.UTF_8);
			ensure(4 + key.length + 8 + 8 + 4 + 4 + 4 + 4 * fields + 4 + length + 1 + (message == null ? 0 : 4 + message.length + 12));
			putInt(key.length);
			put(key, 0, key.length);
			putLong(record.offset());
			putLong(record.line());
			putInt(record.rawLength());
			putInt(record.lines());
			putInt(fields);
			for (int f = 0; f < fields; f++) {
				putInt(record.quoted(f) ? RawRecord.quotedEnd(record.end(f)) : record.end(f));
			}
			put(record.data(), 0, length);
			this.buffer[this.size++] = (byte) (problem == null ? 0 : 1);
			if (problem != null) {
				putInt(message.length);
				put(message, 0, message.length);
				putLong(problem.offset());
				putInt(problem.field());
			}
			if (this.size >= 1 << 20) {
				flush();
			}
		}

		void flush() throws IOException {
			this.out.write(this.buffer, 0, this.size);
			this.size = 0;
		}

		private void ensure(int more) {
			if (this.size + more > this.buffer.length) {
				this.buffer = java.util.Arrays.copyOf(this.buffer, Math.max(this.buffer.length * 2, this.size + more));
			}
		}

		private void put(byte[] b, int from, int length) {
			System.arraycopy(b, from, this.buffer, this.size, length);
			this.size += length;
		}

		private void putInt(int v) {
			byte[] b = this.buffer;
			int s = this.size;
			b[s] = (byte) (v >>> 24);
			b[s + 1] = (byte) (v >>> 16);
			b[s + 2] = (byte) (v >>> 8);
			b[s + 3] = (byte) v;
			this.size = s + 4;
		}

		private void putLong(long v) {
			putInt((int) (v >>> 32));
			putInt((int) v);
		}

	}

	/** Reads a run back, one record at a time. Not thread-safe. */
	static final class Cursor implements AutoCloseable {

		private final InputStream in;

		private byte[] buffer;

		private int position;

		private int limit;

		private byte[] key;

		private RawRecord record;

		Cursor(Path path, int bufferSize) throws IOException {
			this.in = Files.newInputStream(path);
			this.buffer = new byte[Math.max(64, bufferSize)];
		}

		/** Moves to the next record; false at the end of the run. */
		boolean next() throws IOException {
			if (!available(4)) {
				if (this.limit > this.position) {
					throw new EOFException("a sorted run ends inside a record");
				}
				this.key = null;
				this.record = null;
				return false;
			}
			byte[] k = new byte[getInt()];
			get(k);
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
			this.key = k;
			this.record = new RawRecord(data, ends, offset, line, rawLength, lines, problem);
			return true;
		}

		byte[] key() {
			return this.key;
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
