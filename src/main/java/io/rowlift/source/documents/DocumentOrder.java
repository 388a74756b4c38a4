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
