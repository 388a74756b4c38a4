package io.rowlift.source;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keys of a JSON input (JSON Lines, documents), in the order first seen, matched case-insensitively (like a CSV header's
 * names): key i is field i of every record. Looking up a spelling seen before costs one hash lookup of the
 * parser's canonical name, no case folding. Not thread-safe (one per reader, which learns spellings).
 */
public final class JsonKeys {

	private final List<String> names;

	private final Map<String, Integer> byLowerCase = new HashMap<>();

	private final Map<String, Integer> bySpelling = new HashMap<>();

	public JsonKeys(List<String> names) {
		this.names = new ArrayList<>(names);
		for (int i = 0; i < names.size(); i++) {
			this.byLowerCase.putIfAbsent(names.get(i).toLowerCase(Locale.ROOT), i);
			this.bySpelling.put(names.get(i), i);
		}
	}

	/** The field of {@code key}, or -1 for a key no name has. */
	public int field(String key) {
		Integer field = this.bySpelling.get(key);
		if (field == null) {
			field = this.byLowerCase.get(key.toLowerCase(Locale.ROOT));
			if (field == null) {
				return -1;
			}
			if (this.bySpelling.size() < 4096) {
				this.bySpelling.put(key, field);
			}
		}
		return field;
	}

	/** Adds {@code key} if no name matches it yet; returns its field. */
	public int add(String key) {
		int field = field(key);
		if (field < 0) {
			field = this.names.size();
			this.names.add(key);
			this.byLowerCase.put(key.toLowerCase(Locale.ROOT), field);
			this.bySpelling.put(key, field);
		}
		return field;
	}

	public List<String> names() {
		return List.copyOf(this.names);
	}

	public int size() {
		return this.names.size();
	}

}
