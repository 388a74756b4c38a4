package io.rowlift.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

import io.rowlift.RowliftException;

/**
 * How an input file is compressed ({@code rowlift.source.compression}): {@code auto} (the default) goes
 * by the file name ({@code .gz} gzip, {@code .zst} zstd, else none); {@code gzip}, {@code zstd} or
 * {@code none} say it whatever the name. A compressed file is read through {@link #open} as its
 * decompressed bytes, forward only: it cannot be entered at any byte, so a format reads it as one
 * unit of work; it can be entered where a gzip member or a zstd frame starts, which a resume uses
 * ({@link FrameStart}).
 *
 * <p>gzip: the JDK's inflater, member after member ({@link GzipMembers}: several members one after the other
 * are one stream, as {@code gzip -d} reads them). zstd: zstd-jni, frame after frame ({@link ZstdFrames}).
 * Thread-safe (the constants); what {@link #open} returns is not.
 */
public enum Compression {

	/** A plain file. */
	NONE("none"),

	/** gzip (RFC 1952), one member or several. */
	GZIP("gzip"),

	/** Zstandard, one frame or several. */
	ZSTD("zstd");

	/** The setting's key. */
	public static final String KEY = "rowlift.source.compression";

	private final String setting;

	Compression(String setting) {
		this.setting = setting;
	}

	/** The name {@code rowlift.source.compression} gives it, also the one a stored plan keeps. */
	public String setting() {
		return this.setting;
	}

	/**
	 * The compression of {@code file} under {@code setting} ({@code auto} or null: by the file name).
	 * @throws RowliftException (exit 2) for a setting that is none of {@code auto, gzip, zstd, none}
	 */
	public static Compression of(Path file, String setting) {
		String value = setting == null ? "auto" : setting.strip().toLowerCase(Locale.ROOT);
		if (value.isEmpty() || value.equals("auto")) {
			return byName(file);
		}
		for (Compression c : values()) {
			if (c.setting.equals(value)) {
				return c;
			}
		}
		throw RowliftException.badSetting(KEY, setting, "auto (by the file name: .gz, .zst), gzip, zstd or none");
	}

	/** Checks {@code setting} alone (exit 2 as {@link #of}). */
	public static void check(String setting) {
		of(Path.of("x"), setting);
	}

	/** By the file name: {@code .gz} (or {@code .gzip}) gzip, {@code .zst} (or {@code .zstd}) zstd, else none. */
	public static Compression byName(Path file) {
		String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
		if (name.endsWith(".gz") || name.endsWith(".gzip")) {
			return GZIP;
		}
		if (name.endsWith(".zst") || name.endsWith(".zstd")) {
			return ZSTD;
		}
		return NONE;
	}

	/** The file name without the compression's extension ({@code events.jsonl.gz}: {@code events.jsonl}), for choosing a format. */
	public static String baseName(Path file) {
		String name = file.getFileName() == null ? "" : file.getFileName().toString();
		String lower = name.toLowerCase(Locale.ROOT);
		for (String ext : new String[] { ".gz", ".gzip", ".zst", ".zstd" }) {
			if (lower.endsWith(ext)) {
				return name.substring(0, name.length() - ext.length());
			}
		}
		return name;
	}

	/** Whether the bytes must be decompressed. */
	public boolean compressed() {
		return this != NONE;
	}

	/**
	 * Opens the (decompressed) bytes of {@code file}; closing them closes the file.
	 * @param displayName how messages name the file
	 */
	public InputBytes open(Path file, String displayName) throws IOException {
		return open(file, displayName, null);
	}

	/**
	 * Opens the (decompressed) bytes of {@code file}, as {@link #open(Path, String)}, for a resume.
	 * @param resumeAt where the member or frame that holds the first position read starts (saved with it), or null:
	 *        the stream is entered there instead of at the file's start (when the file's bytes there begin one)
	 */
	public InputBytes open(Path file, String displayName, FrameStart resumeAt) throws IOException {
		FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
		if (this == NONE) {
			InputBytes plain = InputBytes.of(channel);
			return new InputBytes() {
				@Override
				public int read(java.nio.ByteBuffer dst, long position) throws IOException {
					return plain.read(dst, position);
				}

				@Override
				public void close() throws IOException {
					channel.close();
				}
			};
		}
		channel.close();
		return new DecompressedBytes(file, displayName, this, resumeAt);
	}

	/**
	 * Decompresses the whole file and drops the bytes: gzip checks each member's CRC and length, zstd each
	 * frame's checksum (when written with one, as the zstd tool does by default), only at the member's or
	 * frame's end, after the decoder has given its bytes. So a load checks a compressed file whole before it
	 * writes anything, and damage is a message naming the place, never garbage parsed as records.
	 * @throws DamagedArchiveException where the file breaks
	 */
	public void verify(Path file, String displayName) throws IOException {
		if (this == NONE) {
			return;
		}
		try (InputBytes bytes = open(file, displayName)) {
			java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(1 << 20);
			long at = 0;
			for (int n; (n = bytes.read(buffer.clear(), at)) >= 0;) {
				at += n;
			}
		}
	}

	/** The command that tests such a file, for messages. */
	String testCommand(String displayName) {
		return switch (this) {
			case GZIP -> "gzip -t " + displayName;
			case ZSTD -> "zstd -t " + displayName;
			case NONE -> "";
		};
	}

}
