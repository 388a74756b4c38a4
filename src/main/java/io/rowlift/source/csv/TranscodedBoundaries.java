package io.rowlift.source.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.source.Compression;
import io.rowlift.source.InputBytes;
import io.rowlift.source.TranscodedBytes;
import io.rowlift.source.WideCharset;

/**
 * Split points of a UTF-16 or UTF-32 CSV file: for each wanted cut, the first record start at or after it (a
 * byte offset of the file, so at a code unit boundary) and its physical line. The parser's own state machine
 * ({@link CsvStateMachine}) runs over the file's UTF-8 copy ({@link TranscodedBytes}), where every byte of the
 * dialect means itself, and each record start is mapped back to the file's offset; so it is exact wherever
 * {@link RecordBoundaryScanner} is for a UTF-8 file. Unlike that scanner it reads sequentially, on one thread, up
 * to the last cut: one pass over the file per load (a resume reuses the ranges). Stateless.
 */
final class TranscodedBoundaries {

	private TranscodedBoundaries() {
	}

	/**
	 * @param file the input, in {@code format.wide()}
	 * @param dataStart a record start (the first data record): where the scan begins
	 * @param dataStartLine the physical line there
	 * @param cuts wanted cut offsets, ascending, each {@code >= dataStart}
	 * @param size the file's size
	 * @return for each cut, the first record start at or after it (the file size if none)
	 */
	static List<RecordBoundaryScanner.Boundary> boundaries(Path file, CsvFormat format, long dataStart, long dataStartLine,
			long[] cuts, long size) {
		WideCharset wide = format.wide();
		CsvStateMachine machine = new CsvStateMachine(format);
		byte end = machine.endByte();
		List<RecordBoundaryScanner.Boundary> result = new ArrayList<>(cuts.length);
		try (InputBytes raw = Compression.NONE.open(file, file.toString())) {
			TranscodedBytes bytes = new TranscodedBytes(raw, wide);
			byte[] buffer = new byte[1 << 20];
			int next = 0;
			long at = dataStart; // position (in the UTF-8 copy) of buffer[0]
			long line = dataStartLine;
			int state = CsvStateMachine.RECORD_START;
			long recordStart = dataStart; // the last record start found, a file offset
			while (next < cuts.length) {
				if (recordStart >= cuts[next]) {
					result.add(new RecordBoundaryScanner.Boundary(recordStart, line));
					next++;
					continue;
				}
				int n = bytes.read(ByteBuffer.wrap(buffer), at);
				if (n < 0) {
					break;
				}
				int from = 0;
				while (true) {
					int found = machine.findRecordStart(state, buffer, from, n, from + 1);
					if (found < 0) {
						state = ~found;
						line += count(buffer, from, n, end);
						break;
					}
					line += count(buffer, from, found, end);
					state = CsvStateMachine.RECORD_START;
					from = found;
					recordStart = bytes.sourceOffset(at + found);
					while (next < cuts.length && recordStart >= cuts[next]) {
						result.add(new RecordBoundaryScanner.Boundary(recordStart, line));
						next++;
					}
					if (next == cuts.length) {
						break;
					}
				}
				at += n;
			}
			while (result.size() < cuts.length) {
				result.add(new RecordBoundaryScanner.Boundary(size, line));
			}
			return result;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + file + " to find split points: " + ex.getMessage(), ex);
		}
	}

	private static long count(byte[] bytes, int from, int to, byte end) {
		long lines = 0;
		for (int i = from; i < to; i++) {
			if (bytes[i] == end) {
				lines++;
			}
		}
		return lines;
	}

}
