package io.rowlift.source.documents;

import java.util.Comparator;

/**
 * The order of a folder's documents: by key (the file's name without its extension), a key of ASCII digits
 * as a number (so {@code 9} before {@code 10}, as an integer key column orders them), numbers before other
 * keys, other keys by their characters; equal keys by the whole name. A total order, so the sorted
 * listing of an unchanged folder is always the same. Stateless; thread-safe.
 */
final class DocumentOrder {

	/** Entries in key order. */
	static final Comparator<Listing.Entry> ENTRIES = (a, b) -> {
		int byKey = compareKeys(a.key(), b.key());
		return byKey != 0 ? byKey : a.name().compareTo(b.name());
	};

	/**
	 * Keyed entries in the same order as {@link #ENTRIES}: two keys of at most 18 significant digits compare as
	 * the numbers they were read as once, anything else as {@link #ENTRIES} does. A sort of 100,000 names
	 * otherwise cuts each name's key out and scans it twice per comparison.
	 */
	static final Comparator<Keyed> KEYED = (a, b) -> {
		if (a.number() >= 0 && b.number() >= 0 && a.number() != b.number()) {
			return Long.compare(a.number(), b.number());
		}
		return ENTRIES.compare(a.entry(), b.entry());
	};

	/**
	 * An entry and its key's value as a number, worked out once for a sort.
	 * @param entry the listing's entry
	 * @param number the key's value when it is ASCII digits with at most 18 significant ones, else -1
	 */
	record Keyed(Listing.Entry entry, long number) {

		static Keyed of(Listing.Entry entry) {
			String name = entry.name();
			int dot = name.lastIndexOf('.');
			int end = dot > 0 ? dot : name.length();
			long value = 0;
			int significant = 0;
			for (int i = 0; i < end; i++) {
				char c = name.charAt(i);
				if (c < '0' || c > '9') {
					return new Keyed(entry, -1);
				}
				if (significant > 0 || c != '0') {
					if (++significant > 18) {
						return new Keyed(entry, -1);
					}
				}
				value = value * 10 + (c - '0');
			}
			return new Keyed(entry, end == 0 ? -1 : value);
		}

	}

	private DocumentOrder() {
	}

	/** The key of a file's name: the name without its last extension ({@code 17.json} is {@code 17}; {@code .x} stays). */
	static String keyOf(String name) {
		int dot = name.lastIndexOf('.');
		return dot > 0 ? name.substring(0, dot) : name;
	}

	static int compareKeys(String a, String b) {
		boolean numberA = isNumber(a);
		boolean numberB = isNumber(b);
		if (numberA && numberB) {
			int fromA = firstSignificant(a);
			int fromB = firstSignificant(b);
			int byLength = Integer.compare(a.length() - fromA, b.length() - fromB);
			if (byLength != 0) {
				return byLength;
			}
			int byDigits = a.substring(fromA).compareTo(b.substring(fromB));
			return byDigits != 0 ? byDigits : a.compareTo(b);
		}
		if (numberA != numberB) {
			return numberA ? -1 : 1;
		}
		return a.compareTo(b);
	}

	static boolean isNumber(String key) {
		if (key.isEmpty()) {
			return false;
		}
		for (int i = 0; i < key.length(); i++) {
			char c = key.charAt(i);
			if (c < '0' || c > '9') {
				return false;
			}
		}
		return true;
	}

	private static int firstSignificant(String digits) {
		int i = 0;
		while (i < digits.length() - 1 && digits.charAt(i) == '0') {
			i++;
		}
		return i;
	}

}
