package io.rowlift.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * What identifies the content of a file for "already loaded" and "changed since run N" (contract):
 * its size, its modification time and a CRC-32C of its first and last MiB. Cheap on any size.
 */
public final class SourceFingerprint {

	private static final int MIB = 1 << 20;

	private SourceFingerprint() {
	}

	/** {@code size:mtimeMillis:crc32c-hex}. */
	public static String of(Path file) throws IOException {
		long size = Files.size(file);
		long modified = Files.getLastModifiedTime(file).toMillis();
		return size + ":" + modified + ":" + checksum(file, size);
	}

	/**
	 * The checksum part of the fingerprint of the first {@code length} bytes of {@code file}, as if the
	 * file ended there: equal to a fingerprint's checksum of that length when the file has only grown
	 * since ({@link FileChange}).
	 */
	static String checksum(Path file, long length) throws IOException {
		CRC32C crc = new CRC32C();
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			digest(channel, crc, 0, Math.min(length, MIB));
			long tail = Math.max(Math.min(length, MIB), length - MIB);
			digest(channel, crc, tail, length - tail);
		}
		return Long.toHexString(crc.getValue());
	}

	private static void digest(FileChannel channel, CRC32C crc, long from, long length) throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate((int) Math.max(0, length));
		while (buffer.hasRemaining()) {
			if (channel.read(buffer, from + buffer.position()) < 0) {
				break;
			}
		}
		buffer.flip();
		crc.update(buffer);
	}

}
