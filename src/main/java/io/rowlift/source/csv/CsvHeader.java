package io.rowlift.source.csv;

import io.rowlift.source.LineEnding;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.RowliftException;
import io.rowlift.source.Compression;
import io.rowlift.source.DamagedArchiveException;
import io.rowlift.source.InputBytes;
import io.rowlift.source.TranscodedBytes;
import io.rowlift.source.WideCharset;
import io.rowlift.model.RawRecord;

/**
 * The start of a file: an optional byte order mark (UTF-8's, or UTF-16's or UTF-32's, which says the charset), then (if the format has one) the header
 * record. Tells where the data begins, the line ending when it was {@code auto}, and with a header
 * the column names it gives (trimmed, the BOM dropped).
 *
 * @param names the header's names, or for a file without header {@code field1..fieldN} from the first
 * record's field count (empty for an empty file)
 * @param dataStart offset of the first data record
 * @param dataStartLine physical line of the first data record
 * @param fieldCount number of fields of the header (or of the first record without header)
 * @param format the format with its line ending resolved
 * @param headerBytes the header record as it is in the file, its record end included (empty without a header)
 */
public record CsvHeader(List<String> names, long dataStart, long dataStartLine, int fieldCount, CsvFormat format,
		byte[] headerBytes) {

	private static final byte[] UTF8_BOM = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF };

	/**
	 * Reads the start of {@code file}, resolving an {@code auto} line ending from the first record end.
	 * @throws RowliftException (exit 2) when the header is not a valid record
	 */
	public static CsvHeader read(Path file, String displayName, CsvFormat format) throws IOException {
		return read(file, displayName, format, Compression.NONE);
	}

	/**
	 * Reads the start of a compressed {@code file}'s decompressed data, as {@link #read(Path, String, CsvFormat)} does.
	 * A file in UTF-16 or UTF-32 (a byte order mark says so, or the format's charset: {@link WideCharset#resolve}) is
	 * read through its UTF-8 copy ({@link TranscodedBytes}): the format returned names the file's charset with its
	 * byte order, the names are decoded from UTF-8, {@code dataStart} is the file's byte offset and
	 * {@code headerBytes} the header in UTF-8 (what a reject file starts with).
	 */
	public static CsvHeader read(Path file, String displayName, CsvFormat format, Compression compression) throws IOException {
		try (InputBytes raw = compression.open(file, displayName)) {
			ByteBuffer head = ByteBuffer.allocate(4);
			fill(raw, head, 0);
			WideCharset wide = WideCharset.resolve(format.charset(), head.array(), head.position(), displayName);
			if (wide == null) {
				return read(raw, null, displayName, format);
			}
			return read(new TranscodedBytes(raw, wide), wide, displayName, format.withCharset(wide.charset()));
		}
	}

	private static CsvHeader read(InputBytes channel, WideCharset wide, String displayName, CsvFormat format) throws IOException {
		long start = wide == null && hasBom(channel) ? UTF8_BOM.length : 0;
		CsvFormat resolved = format.lineEnding() == LineEnding.AUTO ? format.withLineEnding(detect(channel, start, format))
				: format;
		CsvRecordParser parser = new CsvRecordParser(channel, resolved, 64 * 1024, 1 << 20);
		parser.seek(start, 0);
		RawRecord first = nextRecord(parser, displayName);
		long dataStart = wide == null ? start : ((TranscodedBytes) channel).sourceOffset(start);
		if (first == null) {
			return new CsvHeader(List.of(), dataStart, 1, 0, resolved, new byte[0]);
		}
		if (first.problem() != null && format.header()) {
			throw RowliftException.badInput(displayName + ":" + (first.line() + 1) + ": the header is not valid CSV: "
					+ first.problem().message());
		}
		long firstLine = first.line();
		while (!format.header() && first != null && parser.blankLine()) {
			// blank lines are no records (rowlift.source.blank-lines): the first record says how many fields there are;
			// the data still starts at the file's start, where the first partition's reader meets them
			first = nextRecord(parser, displayName);
		}
		if (first == null) {
			return new CsvHeader(List.of(), dataStart, 1, 0, resolved, new byte[0]);
		}
		List<String> names = new ArrayList<>(first.fieldCount());
		for (int i = 0; i < first.fieldCount(); i++) {
			names.add(format.header() ? first.text(i, format.valueCharset()).strip() : "field" + (i + 1));
		}
		if (!format.header()) {
			return new CsvHeader(names, dataStart, 1 + firstLine, first.fieldCount(), resolved, new byte[0]);
		}
		long afterHeader = wide == null ? parser.position() : ((TranscodedBytes) channel).sourceOffset(parser.position());
		byte[] raw = new byte[first.rawLength()];
		ByteBuffer rawBuffer = ByteBuffer.wrap(raw);
		while (rawBuffer.hasRemaining() && channel.read(rawBuffer, first.offset() + rawBuffer.position()) > 0) {
			// a compressed stream gives what it has: read on
		}
		return new CsvHeader(names, afterHeader, 1 + parser.line(), first.fieldCount(), resolved, raw);
	}

	private static RawRecord nextRecord(CsvRecordParser parser, String displayName) throws IOException {
		try {
			return parser.next();
		}
		catch (CsvSyntaxException ex) {
			throw RowliftException.badInput(displayName + ":" + (parser.line() + 1) + ": the first record is not valid CSV: "
					+ ex.getMessage());
		}
	}

	/** The line ending of the first record end outside quotes (LF if the start of the file has none). */
	static LineEnding detect(FileChannel channel, long start, CsvFormat format) throws IOException {
		return detect(InputBytes.of(channel), start, format);
	}

	static LineEnding detect(InputBytes channel, long start, CsvFormat format) throws IOException {
		ByteBuffer head = ByteBuffer.allocate(1 << 20);
		try {
			fill(channel, head, start);
		}
		catch (DamagedArchiveException ex) {
			if (head.position() == 0) {
				throw ex;
			}
			// damage after the start: decide on what came before it; the load meets it where it is
		}
		byte[] b = head.array();
		int n = head.position();
		boolean inQuotes = false;
		for (int i = 0; i < n; i++) {
			if (b[i] == format.quote()) {
				inQuotes = !inQuotes;
			}
			else if (!inQuotes && b[i] == '\n') {
				return i > 0 && b[i - 1] == '\r' ? LineEnding.CRLF : LineEnding.LF;
			}
			else if (!inQuotes && b[i] == '\r' && i + 1 < n && b[i + 1] != '\n') {
				return LineEnding.CR;
			}
		}
		return LineEnding.LF;
	}

	/** Reads until {@code buffer} is full or the data ends (a decompressed stream gives a little at a time). */
	private static void fill(InputBytes channel, ByteBuffer buffer, long at) throws IOException {
		while (buffer.hasRemaining() && channel.read(buffer, at + buffer.position()) > 0) {
			// read on
		}
	}

	private static boolean hasBom(InputBytes channel) throws IOException {
		ByteBuffer head = ByteBuffer.allocate(3);
		fill(channel, head, 0);
		return head.position() == 3 && head.get(0) == UTF8_BOM[0] && head.get(1) == UTF8_BOM[1]
				&& head.get(2) == UTF8_BOM[2];
	}

}
