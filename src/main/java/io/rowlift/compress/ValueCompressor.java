package io.rowlift.compress;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;

/**
 * Compresses one value at a time into Rowlift's stored form ({@link ZstdValues}: header, then a zstd frame made
 * with the load's dictionary). One per writer thread: it keeps its zstd context and a scratch buffer from value
 * to value, so a value costs its output array and nothing else. Not thread-safe. The native context is freed by
 * {@link #close()}, or by the garbage collector when the writer is dropped.
 */
public final class ValueCompressor implements AutoCloseable {

	private final int dictionaryId;

	private final ZstdDictCompress dictionary;

	private final ZstdCompressCtx context;

	private byte[] scratch = new byte[4096];

	ValueCompressor(int dictionaryId, byte[] dictionary, int level) {
		this.dictionaryId = dictionaryId;
		this.dictionary = new ZstdDictCompress(dictionary, level);
		this.context = new ZstdCompressCtx().setLevel(level)
			.setChecksum(false) // the database keeps the bytes; 4 bytes a value saved
			.setDictID(false) // the header names the dictionary; 4 bytes a value saved
			.setContentSize(true) // so a reader allocates the document once
			.loadDict(this.dictionary);
	}

	/** {@code bytes[start, end)} in the stored form: header and frame, in an array of exactly its length. */
	public byte[] compress(byte[] bytes, int start, int end) {
		int length = end - start;
		int bound = ZstdValues.HEADER_BYTES + (int) Zstd.compressBound(length);
		if (this.scratch.length < bound) {
			this.scratch = new byte[Math.max(bound, 2 * this.scratch.length)];
		}
		int size = this.context.compressByteArray(this.scratch, ZstdValues.HEADER_BYTES,
				this.scratch.length - ZstdValues.HEADER_BYTES, bytes, start, length);
		byte[] value = new byte[ZstdValues.HEADER_BYTES + size];
		ZstdValues.header(value, this.dictionaryId);
		System.arraycopy(this.scratch, ZstdValues.HEADER_BYTES, value, ZstdValues.HEADER_BYTES, size);
		return value;
	}

	@Override
	public void close() {
		this.context.close();
		this.dictionary.close();
	}

}
