package io.rowlift.source;

import io.rowlift.model.RawRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.RowliftException;

/**
 * The start of a file: an optional UTF-8 byte order mark, then (if the format has one) the header
 * record. Tells where the data begins and, with a header, the column names it gives (trimmed, the
 * BOM dropped).
 *
 * @param names the header's names, or for a file without header {@code field1..fieldN} from the first
 * record's field count (empty for an empty file)
 * @param dataStart offset of the first data record
 * @param dataStartLine physical line of the first data record
 * @param fieldCount number of fields of the header (or of the first record without header)
 */
public record CsvHeader(List<String> names, long dataStart, long dataStartLine, int fieldCount) {

	private static final byte[] UTF8_BOM = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF };

	/**
	 * Reads the start of {@code file}.
	 * @throws RowliftException (exit 2) when the header is not a valid record
	 */
	public static CsvHeader read(Path file, String displayName, CsvFormat format) throws IOException {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			long start = hasBom(channel) ? UTF8_BOM.length : 0;
			CsvRecordParser parser = new CsvRecordParser(channel, format, 64 * 1024, 1 << 20);
			parser.seek(start);
			RawRecord first;
			try {
				first = parser.next(0);
			}
			catch (CsvSyntaxException ex) {
				throw RowliftException.badInput(displayName + ":1: the first record is not valid CSV: " + ex.getMessage());
			}
			if (first == null) {
				return new CsvHeader(List.of(), start, 1, 0);
			}
			List<String> names = new ArrayList<>(first.fieldCount());
			for (int i = 0; i < first.fieldCount(); i++) {
				names.add(format.header() ? first.text(i).strip() : "field" + (i + 1));
			}
			if (!format.header()) {
				return new CsvHeader(names, start, 1, first.fieldCount());
			}
			return new CsvHeader(names, parser.position(), 1 + parser.lastRecordLines(), first.fieldCount());
		}
	}

	private static boolean hasBom(FileChannel channel) throws IOException {
		ByteBuffer head = ByteBuffer.allocate(3);
		channel.read(head, 0);
		return head.position() == 3 && head.get(0) == UTF8_BOM[0] && head.get(1) == UTF8_BOM[1]
				&& head.get(2) == UTF8_BOM[2];
	}

}
