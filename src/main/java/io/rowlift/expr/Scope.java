package io.rowlift.expr;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an expression may name: the record's fields by their header names (case-insensitive, as the
 * mapping matches them) and the per-load constants {@code file_name()}, {@code run_id()} and
 * {@code started()}. Immutable.
 *
 * @param names the header's names, field i at index i
 * @param constants the per-load constants by function name ({@code file_name}, {@code run_id}, {@code started}); a missing one is refused when it compiles
 */
public record Scope(List<String> names, Map<String, String> constants) {

	public Scope {
		names = List.copyOf(names);
		constants = Map.copyOf(constants);
	}

	/** The fields' names only, without per-load constants (a check of an expression before the run exists). */
	public static Scope of(List<String> names) {
		return new Scope(names, Map.of());
	}

	/** The field named {@code name}, or -1; the first of equal names. */
	int field(String name) {
		Map<String, Integer> byName = new HashMap<>();
		for (int i = this.names.size() - 1; i >= 0; i--) {
			byName.put(this.names.get(i).toLowerCase(Locale.ROOT), i);
		}
		return byName.getOrDefault(name.toLowerCase(Locale.ROOT), -1);
	}

	String constant(String name) {
		return this.constants.get(name);
	}

}
