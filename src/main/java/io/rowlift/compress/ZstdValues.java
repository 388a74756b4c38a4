package io.rowlift.compress;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;

/**
 * The stored form of a compressed value, and the way back to the document. A value is a header of
 * {@value #HEADER_BYTES} bytes, then one zstd frame compressed with the dictionary the header names:
 *
 * <pre>
 * byte 0-1  'R' 'Z'   magic
 * byte 2    1         version
 * byte 3    0         reserved
 * byte 4-7  id        the dictionary's ID in {@value ZstdDictionaries#TABLE}, big-endian
 * byte 8-   frame     a zstd frame (content size in its header, no checksum, no dictionary ID)
 * </pre>
 *
 * So {@code tail -c +9} gives a frame that {@code zstd -d -D <dictionary>} decompresses
 * (docs/compact-storage.md). An instance reads each dictionary once from the database of its connection and
 * keeps it; not thread-safe (one per thread). The static {@link #decode(Connection, byte[])} reads the
 * dictionary for every call: for a value or two.
 */
public final class ZstdValues implements AutoCloseable {

	/** Bytes before the frame. */
	public static final int HEADER_BYTES = 8;

	static final byte MAGIC_0 = 'R', MAGIC_1 = 'Z', VERSION = 1;

	private final Connection connection;

	private final Map<Integer, ZstdDecompressCtx> contexts = new HashMap<>();

	/** @param connection the database the values were loaded into (its dictionaries' table) */
	public ZstdValues(Connection connection) {
		this.connection = connection;
	}

	/**
	 * The document stored as {@code value}, with the dictionary its header names read from {@code connection}'s
	 * database.
	 * @return the document's bytes (UTF-8 text for a text input), or null for null
	 * @throws IllegalArgumentException when {@code value} is not a value Rowlift compressed
	 * @throws SQLException when the dictionary cannot be read (or is not there)
	 */
	public static byte[] decode(Connection connection, byte[] value) throws SQLException {
		try (ZstdValues values = new ZstdValues(connection)) {
			return values.decode(value);
		}
	}

	/** {@link #decode(Connection, byte[])} as UTF-8 text. */
	public static String decodeText(Connection connection, byte[] value) throws SQLException {
		byte[] bytes = decode(connection, value);
		return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
	}

	/** The document stored as {@code value} (null for null), its dictionary read once per instance. */
	public byte[] decode(byte[] value) throws SQLException {
		if (value == null) {
			return null;
		}
		int id = dictionaryId(value);
		ZstdDecompressCtx context = this.contexts.get(id);
		if (context == null) {
			context = new ZstdDecompressCtx();
			context.loadDict(ZstdDictionaries.load(this.connection, id));
			this.contexts.put(id, context);
		}
		long size = Zstd.getFrameContentSize(value, HEADER_BYTES, value.length - HEADER_BYTES);
		if (size < 0 || size > Integer.MAX_VALUE - 16) {
			throw new IllegalArgumentException("a compressed value of " + value.length + " bytes has no readable zstd frame "
					+ "after its header (content size " + size + "); was it written by Rowlift (docs/compact-storage.md)?");
		}
		try {
			return context.decompress(value, HEADER_BYTES, value.length - HEADER_BYTES, (int) size);
		}
		catch (ZstdException ex) {
			throw new IllegalArgumentException("a compressed value of " + value.length + " bytes (dictionary " + id
					+ ") cannot be decompressed: " + ex.getMessage(), ex);
		}
	}

	/** {@link #decode(byte[])} as UTF-8 text. */
	public String decodeText(byte[] value) throws SQLException {
		byte[] bytes = decode(value);
		return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
	}

	/**
	 * The dictionary ID in {@code value}'s header.
	 * @throws IllegalArgumentException when the header is not Rowlift's
	 */
	public static int dictionaryId(byte[] value) {
		if (value.length < HEADER_BYTES || value[0] != MAGIC_0 || value[1] != MAGIC_1) {
			throw new IllegalArgumentException("a value of " + value.length + " bytes does not start with Rowlift's header "
					+ "('RZ', version, 0, dictionary ID): it was not stored by rowlift.target.compress=zstd");
		}
		if (value[2] != VERSION) {
			throw new IllegalArgumentException("a compressed value has header version " + value[2] + "; this Rowlift reads "
					+ "version " + VERSION + ": read it with the Rowlift that wrote it");
		}
		return (value[4] & 0xff) << 24 | (value[5] & 0xff) << 16 | (value[6] & 0xff) << 8 | (value[7] & 0xff);
	}

	/** Writes the header for dictionary {@code id} into {@code into} at 0. */
	static void header(byte[] into, int id) {
		into[0] = MAGIC_0;
		into[1] = MAGIC_1;
		into[2] = VERSION;
		into[3] = 0;
		into[4] = (byte) (id >>> 24);
		into[5] = (byte) (id >>> 16);
		into[6] = (byte) (id >>> 8);
		into[7] = (byte) id;
	}

	@Override
	public void close() {
		this.contexts.values().forEach(ZstdDecompressCtx::close);
		this.contexts.clear();
	}

}
