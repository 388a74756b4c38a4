package io.rowlift.source.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.rowlift.source.InputBytes;

/**
 * Counts line ends in a stretch of a file. Used only to put absolute line numbers into messages,
 * so the cost is paid when a message is made, not on every load. Stateless and thread-safe.
 */
public final class LineCounter {

	private LineCounter() {
	}

	/** The number of {@code end} bytes (line ends) in {@code [from, to)} of {@code file}. */
	public static long count(Path file, long from, long to, byte end) {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			return count(InputBytes.of(channel), from, to, end);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + file + " to count lines: " + ex.getMessage(), ex);
		}
	}

	/** The number of {@code end} bytes (line ends) in {@code [from, to)} of {@code data}. */
	public static long count(InputBytes data, long from, long to, byte end) throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
		byte[] bytes = buffer.array();
		long lines = 0;
		long at = from;
		while (at < to) {
			buffer.clear();
			buffer.limit((int) Math.min(buffer.capacity(), to - at));
			int n = data.read(buffer, at);
			if (n <= 0) {
				break;
			}
			for (int i = 0; i < n; i++) {
				if (bytes[i] == end) {
					lines++;
				}
			}
			at += n;
		}
		return lines;
	}

}
