package io.rowlift.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;

/**
 * One known key: its elements ({@code *} matches any one element, a map key), and whether any
 * further elements may follow (a list's {@code [0]}, a map of plain values' dotted keys).
 */
record KeyPattern(List<String> elements, boolean open) {

	/** A map key element in a pattern. */
	static final String ANY = "*";

	/** Whether {@code name} is this key (or, where further elements may follow, under it). */
	boolean matches(ConfigurationPropertyName name) {
		int n = name.getNumberOfElements();
		if (n < this.elements.size() || (!this.open && n != this.elements.size())) {
			return false;
		}
		return prefixMatches(name, this.elements.size());
	}

	/** Whether {@code name} is a proper prefix of this key. */
	boolean isGroup(ConfigurationPropertyName name) {
		int n = name.getNumberOfElements();
		return n < this.elements.size() && prefixMatches(name, n);
	}

	private boolean prefixMatches(ConfigurationPropertyName name, int count) {
		for (int i = 0; i < count; i++) {
			String element = this.elements.get(i);
			if (!element.equals(ANY) && !uniform(element).equals(name.getElement(i, Form.UNIFORM))) {
				return false;
			}
		}
		return true;
	}

	/** The key as documented: {@code <key>} for a map key. */
	String display() {
		return String.join(".", this.elements.stream().map(e -> e.equals(ANY) ? "<key>" : e).toList());
	}

	/** As {@link #display()}, with the map keys of {@code like} in place of {@code <key>} where it has them. */
	String display(ConfigurationPropertyName like) {
		List<String> shown = new ArrayList<>();
		for (int i = 0; i < this.elements.size(); i++) {
			String e = this.elements.get(i);
			shown.add(!e.equals(ANY) ? e : i < like.getNumberOfElements() ? like.getElement(i, Form.DASHED) : "<key>");
		}
		return String.join(".", shown);
	}

	/** Boot's uniform form of an element: lower case, letters and digits only. */
	static String uniform(String element) {
		StringBuilder sb = new StringBuilder();
		for (char c : element.toCharArray()) {
			if (Character.isLetterOrDigit(c)) {
				sb.append(Character.toLowerCase(c));
			}
		}
		return sb.toString().toLowerCase(Locale.ROOT);
	}

}
