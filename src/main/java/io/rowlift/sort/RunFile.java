package io.rowlift.sort;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;

/**
 * One sorted run on disk: records with their keys, in key order. The format is private to one
 * load (the files live and die with it): per record the key, the record's place in the file (offset,
 * line relative to the data's first line, raw length, line ends), its fields and its problem, if any.
 */
final class RunFile {

	private RunFile() {
	}

	/** Writes {@code count} records of {@code keys}/{@code records}, in the order of {@code order}; returns the file's size. */
	static long write(Path path, byte[][] keys, RawRecord[] records, Integer[] order, int count) throws IOException {
		try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path), 1 << 16))) {
			for (int i = 0; i < count; i++) {
				int r = order[i];
				write(out, keys[r], records[r]);
			}
		}
		return Files.size(path);
	}

	private static void write(DataOutputStream out, byte[] key, RawRecord record) throws IOException {
		out.writeInt(key.length);
		out.write(key);
		out.writeLong(record.offset());
		out.writeLong(record.line());
		out.writeInt(record.rawLength());
		out.writeInt(record.lines());
		int fields = record.fieldCount();
		out.writeInt(fields);
		for (int f = 0; f < fields; f++) {
			out.writeInt(record.quoted(f) ? RawRecord.quotedEnd(record.end(f)) : record.end(f));
		}
		int length = fields == 0 ? 0 : record.end(fields - 1);
		out.write(record.data(), 0, length);
		RecordProblem problem = record.problem();
		out.writeBoolean(problem != null);
		if (problem != null) {
			out.writeUTF(problem.message().length() > 16_000 ? problem.message().substring(0, 16_000) : problem.message());
			out.writeLong(problem.offset());
			out.writeInt(problem.field());
		}
	}

	/** Reads a run back, one record at a time. Not thread-safe. */
	static final class Cursor implements AutoCloseable {

		private final DataInputStream in;

		private byte[] key;

		private RawRecord record;

		Cursor(Path path, int bufferSize) throws IOException {
			this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(path), bufferSize));
		}

		/** Moves to the next record; false at the end of the run. */
		boolean next() throws IOException {
			int keyLength;
			try {
				keyLength = this.in.readInt();
			}
			catch (EOFException end) {
				this.key = null;
				this.record = null;
				return false;
			}
			byte[] k = new byte[keyLength];
			this.in.readFully(k);
			long offset = this.in.readLong();
			long line = this.in.readLong();
			int rawLength = this.in.readInt();
			int lines = this.in.readInt();
			int fields = this.in.readInt();
			int[] ends = new int[fields];
			for (int f = 0; f < fields; f++) {
				ends[f] = this.in.readInt();
			}
			byte[] data = new byte[fields == 0 ? 0 : ends[fields - 1] & 0x7fff_ffff];
			this.in.readFully(data);
			RecordProblem problem = null;
			if (this.in.readBoolean()) {
				problem = new RecordProblem(this.in.readUTF(), this.in.readLong(), this.in.readInt());
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

	}

}
