package io.rowlift.testsupport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.RawRecord;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.ByteRangeReader;
import io.rowlift.source.csv.CsvFormat;

/** Reads partitions the way a worker step does: open with the partition's context, read to the end, close. */
public final class Reads {

	private Reads() {
	}

	/** All records of {@code range}, fields marked as in {@link ReferenceCsv#parseMarked}. */
	public static List<List<String>> range(Path file, CsvFormat format, ByteRange range) throws Exception {
		ExecutionContext context = new ExecutionContext();
		range.writeTo(context);
		ByteRangeReader reader = new ByteRangeReader(file, file.getFileName().toString(), format, 64, 1 << 20);
		reader.open(context);
		try {
			List<List<String>> records = new ArrayList<>();
			for (RawRecord r = reader.read(); r != null; r = reader.read()) {
				records.add(marked(r));
			}
			return records;
		}
		finally {
			reader.close();
		}
	}

	public static List<String> marked(RawRecord record) {
		List<String> fields = new ArrayList<>(record.fieldCount());
		for (int i = 0; i < record.fieldCount(); i++) {
			fields.add((record.quoted(i) ? "\"" : "") + record.text(i));
		}
		return fields;
	}

}
