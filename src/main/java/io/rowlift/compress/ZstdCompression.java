package io.rowlift.compress;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A load's compression: which columns, the dictionary (its ID, and its bytes once read) and the level. Fixed by
 * the load's first run and stored with its plan (the ID, not the bytes): a resume compresses with the same
 * dictionary, never a new one. Immutable and thread-safe; each writer thread takes its own {@link #compressor()}.
 *
 * @param dictionaryId the dictionary's ID in {@value ZstdDictionaries#TABLE}, or 0 before it is trained
 * @param level the zstd level (1 to 22)
 * @param columns the compressed columns' names, as the table spells them
 * @param dictionary the dictionary's bytes, or null until they are trained or read
 */
public record ZstdCompression(int dictionaryId, int level, List<String> columns, byte[] dictionary) {

	public ZstdCompression {
		columns = List.copyOf(columns);
	}

	/** The compression of {@code columns}, its dictionary not trained yet. */
	public static ZstdCompression untrained(int level, List<String> columns) {
		return new ZstdCompression(0, level, columns, null);
	}

	/** Whether {@code column} is compressed (names match case-insensitively). */
	public boolean covers(String column) {
		for (String name : this.columns) {
			if (name.equalsIgnoreCase(column)) {
				return true;
			}
		}
		return false;
	}

	/** This compression with the dictionary {@code id} of {@code bytes}. */
	public ZstdCompression withDictionary(int id, byte[] bytes) {
		return new ZstdCompression(id, this.level, this.columns, Objects.requireNonNull(bytes, "bytes"));
	}

	/** Whether the dictionary's bytes are here (trained, or read from its table). */
	public boolean ready() {
		return this.dictionary != null && this.dictionaryId > 0;
	}

	/**
	 * A compressor for one thread, with this dictionary.
	 * @throws IllegalStateException when the dictionary is not here yet
	 */
	public ValueCompressor compressor() {
		if (!ready()) {
			throw new IllegalStateException("the zstd dictionary of columns " + this.columns + " is not read yet (ID "
					+ this.dictionaryId + ")");
		}
		return new ValueCompressor(this.dictionaryId, this.dictionary, this.level);
	}

	/** The columns as the settings name them, lower case, comma-separated. */
	public String columnList() {
		return String.join(",", this.columns.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList());
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof ZstdCompression c && c.dictionaryId == this.dictionaryId && c.level == this.level
				&& c.columns.equals(this.columns) && java.util.Arrays.equals(c.dictionary, this.dictionary);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.dictionaryId, this.level, this.columns);
	}

	@Override
	public String toString() {
		return "zstd(columns " + this.columns + ", dictionary " + this.dictionaryId + ", level " + this.level + ")";
	}

}
