package io.rowlift.model;

import java.nio.file.Path;

/**
 * A file's name or path as Rowlift prints it (summary, report, progress, log lines, messages): its
 * control characters escaped, so that a name holding a line break cannot split a line of output or
 * forge one, nor a name holding ESC drive the terminal. {@code \n}, {@code \r} and {@code \t} are
 * written as such, any other control character (C0, DEL, C1) and the Unicode line and paragraph
 * separators as {@code \xHH} or {@code \\uHHHH}. A name without them is returned as it is. Only for
 * output: a name stored in a column or used to open a file is never escaped. Stateless.
 */
public final class PrintableName {

	private PrintableName() {
	}

	/** {@code name} with its control characters escaped; null stays null. */
	public static String of(String name) {
		if (name == null) {
			return null;
		}
		int i = 0;
		while (i < name.length() && !escaped(name.charAt(i))) {
			i++;
		}
		if (i == name.length()) {
			return name;
		}
		StringBuilder sb = new StringBuilder(name.length() + 8).append(name, 0, i);
		for (; i < name.length(); i++) {
			char c = name.charAt(i);
			if (!escaped(c)) {
				sb.append(c);
			}
			else if (c == '\n') {
				sb.append("\\n");
			}
			else if (c == '\r') {
				sb.append("\\r");
			}
			else if (c == '\t') {
				sb.append("\\t");
			}
			else if (c < 0x100) {
				sb.append(String.format("\\x%02x", (int) c));
			}
			else {
				sb.append(String.format("\\u%04x", (int) c));
			}
		}
		return sb.toString();
	}

	/** {@code path} as {@link #of(String)} prints it; null stays null. */
	public static String of(Path path) {
		return path == null ? null : of(path.toString());
	}

	private static boolean escaped(char c) {
		return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
	}

}
