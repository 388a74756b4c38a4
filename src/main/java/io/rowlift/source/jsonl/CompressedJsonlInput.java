package io.rowlift.source.jsonl;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.RecordLocator;
import io.rowlift.source.Compression;
import io.rowlift.source.CompressedInput;
import io.rowlift.source.UnitReader;

/**
 * A compressed JSON Lines file ({@code .jsonl.gz}, {@code .jsonl.zst}) opened for a load: one unit
 * ({@link CompressedInput}, as compressed CSV) read by the reader of plain JSON Lines ({@link JsonlReader}
 * over the decompressed bytes); its keys, found by one scan of the decompressed lines, those of the plain
 * {@link JsonlInput} of the same data. Immutable; thread-safe.
 */
final class CompressedJsonlInput extends CompressedInput {

	private final JsonlInput jsonl;

	CompressedJsonlInput(JsonlInputFormat format, JsonlInput jsonl, Compression compression) {
		super(format, jsonl, compression, jsonl.dataStart(), 1);
		this.jsonl = jsonl;
	}

	@Override
	public UnitReader reader(int bufferSize, int maxRecordSize) {
		return new JsonlReader(file(), displayName(), names(), bufferSize, maxRecordSize, compression(),
				this.jsonl.blankLines());
	}

	@Override
	public RecordLocator locator(ExecutionContext context) {
		return new JsonlLocator(file(), displayName(), names(), range(), compression());
	}

	@Override
	public long averageRecordBytes(int bufferSize, int maxRecordSize) {
		return this.jsonl.averageLineBytes(compression(), bufferSize, maxRecordSize);
	}

}
