package io.rowlift.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Finds the first record start at or after a byte offset, for cutting a file into partitions.
 *
 * <p>This implementation takes a record start to be the byte after an LF. That is exact for files
 * whose quoted fields hold no line breaks; files with quoted line breaks need a quote-aware scan.
 * Reads only a few KiB around each cut. Not thread-safe.
 */
public final class RecordStartFinder {

	private final FileChannel channel;

	private final long size;

	private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);

	public RecordStartFinder(FileChannel channel, long size) {
		this.channel = channel;
		this.size = size;
	}

	/**
	 * The smallest record start that is {@code >= offset}, or the file size if no record starts there.
	 * @param offset any offset after the header
	 */
	public long nextRecordStart(long offset) throws IOException {
		if (offset <= 0) {
			return 0;
		}
		long at = offset - 1; // the byte before a record start is an LF
		while (at < this.size) {
			this.buffer.clear();
			int n = this.channel.read(this.buffer, at);
			if (n <= 0) {
				break;
			}
			byte[] bytes = this.buffer.array();
			for (int i = 0; i < n; i++) {
				if (bytes[i] == '\n') {
					return at + i + 1;
				}
			}
			at += n;
		}
		return this.size;
	}

}
