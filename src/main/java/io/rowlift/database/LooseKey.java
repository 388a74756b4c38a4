package io.rowlift.database;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.HexFormat;

/**
 * A key of a unique index in a form that values the database may hold equal share, so that the search for
 * the records of a repeated key ({@link RepeatedKeyRecords}) asks the database only about the records near
 * one: numbers by value, text by its letters and digits, without case or accents, a date-time's {@code T}
 * as a space. It only narrows down: values that differ may share it too, and the database then compares.
 */
final class LooseKey {

	private LooseKey() {
	}

	/** The loose form of {@code key}, one value per key column (null for a NULL). */
	static String of(Object[] key) {
		StringBuilder sb = new StringBuilder();
		for (Object value : key) {
			sb.append('\u0001');
			if (value == null) {
				sb.append("null");
			}
			else if (value instanceof byte[] bytes) {
				sb.append(HexFormat.of().formatHex(bytes));
			}
			else if (value instanceof Long || value instanceof Integer) {
				sb.append(value); // the common key: no parsing
			}
			else {
				String text = value.toString().strip();
				if (!text.isEmpty() && (Character.isDigit(text.charAt(0)) || "+-.".indexOf(text.charAt(0)) >= 0)) {
					try {
						sb.append(new BigDecimal(text).stripTrailingZeros().toPlainString());
						continue;
					}
					catch (NumberFormatException ex) {
						// text
					}
				}
				if (text.length() > 10 && text.charAt(4) == '-' && text.charAt(10) == 'T') {
					text = text.substring(0, 10) + " " + text.substring(11); // a date-time as ISO writes it
				}
				if (text.indexOf(':') > 0) {
					text = text.replaceFirst("(\\d\\d:\\d\\d:\\d\\d)\\.0+$", "$1");
				}
				boolean ascii = text.chars().allMatch(c -> c < 128);
				String plain = ascii ? text : Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
				plain.codePoints().filter(Character::isLetterOrDigit).map(Character::toLowerCase).forEach(sb::appendCodePoint);
			}
		}
		return sb.toString();
	}

}
