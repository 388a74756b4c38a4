package io.rowlift.compress;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import com.github.luben.zstd.ZstdDictTrainer;
import com.github.luben.zstd.ZstdException;

/**
 * Gathers a sample of documents and trains a zstd dictionary from it ({@link ZstdDictTrainer}). Small documents
 * compress poorly alone (a frame starts with no history); with a dictionary trained on documents like them, the
 * strings they share are found in the dictionary. zstd's trainer needs a sample of some size; when it cannot train
 * (few or tiny documents), the sample itself, cut to the dictionary's size, is the dictionary (a "raw content"
 * dictionary, which {@code zstd -D} takes too). Not thread-safe; one per load.
 */
public final class DictionaryTraining {

	/** The dictionary's size by default: zstd's own default, 110 KB. */
	public static final int DEFAULT_DICTIONARY_BYTES = 112_640;

	/** How much sample is kept by default: 100 times the dictionary, zstd's advice. */
	public static final int DEFAULT_SAMPLE_BYTES = 100 * DEFAULT_DICTIONARY_BYTES;

	/** Fewer bytes than this in a dictionary and the raw one is padded (zstd ignores a dictionary under 8 bytes). */
	private static final int MIN_RAW = 64;

	private final int dictionaryBytes;

	private final int sampleBytes;

	private final List<byte[]> samples = new ArrayList<>();

	private long kept;

	public DictionaryTraining(int dictionaryBytes, int sampleBytes) {
		this.dictionaryBytes = dictionaryBytes;
		this.sampleBytes = sampleBytes;
	}

	/**
	 * Adds one document to the sample.
	 * @return whether the sample wants more (false once it holds {@code sampleBytes})
	 */
	public boolean add(byte[] document) {
		if (this.kept + document.length > this.sampleBytes) {
			return false;
		}
		this.samples.add(document);
		this.kept += document.length;
		return this.kept < this.sampleBytes;
	}

	/** Documents in the sample. */
	public int documents() {
		return this.samples.size();
	}

	/** The dictionary trained from the sample (or the raw sample, when zstd cannot train from it). */
	public byte[] train() {
		if (this.samples.size() >= 8 && this.kept >= 4L * this.dictionaryBytes / 10) {
			ZstdDictTrainer trainer = new ZstdDictTrainer((int) Math.max(this.kept, 1), this.dictionaryBytes);
			for (byte[] sample : this.samples) {
				trainer.addSample(sample);
			}
			try {
				return trainer.trainSamples();
			}
			catch (ZstdException ex) {
				// too little to train on: the raw sample below
			}
		}
		return raw();
	}

	/** The sample's documents one after the other, the last ones kept (zstd looks back from a dictionary's end). */
	private byte[] raw() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (byte[] sample : this.samples) {
			out.write(sample, 0, sample.length);
		}
		while (out.size() < MIN_RAW) {
			out.writeBytes("{\"\": \"\"}\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
		}
		byte[] all = out.toByteArray();
		return all.length <= this.dictionaryBytes ? all
				: java.util.Arrays.copyOfRange(all, all.length - this.dictionaryBytes, all.length);
	}

}
