package io.rowlift.testsupport;

import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately simple, String-based RFC 4180 parser, written independently of Rowlift's byte
 * parser, to check it against. Records end with LF or CRLF outside quotes; {@code ""} inside quotes
 * is one quote. Fields are returned with their quotes removed; a quoted field is marked by a
 * leading {@code "} in {@link #parseMarked}. A blank line (nothing before its LF or CRLF outside quotes, or a
 * lone CR at the very end) is no record: skipped, and counted by {@link #blankLines}.
 */
public final class ReferenceCsv {

	private ReferenceCsv() {
	}

	/** The records of {@code text} (without a header line being treated specially). */
	public static List<List<String>> parse(String text) {
		List<List<String>> marked = parseMarked(text);
		List<List<String>> plain = new ArrayList<>();
		for (List<String> record : marked) {
			plain.add(record.stream().map(f -> f.startsWith("\"") ? f.substring(1) : f).toList());
		}
		return plain;
	}

	/** Like {@link #parse} but quoted fields keep one leading {@code "} as a marker. */
	public static List<List<String>> parseMarked(String text) {
		return parse(text, new long[1]);
	}

	/** The blank lines of {@code text}, which {@link #parse} skips. */
	public static long blankLines(String text) {
		long[] blank = new long[1];
		parse(text, blank);
		return blank[0];
	}

	private static List<List<String>> parse(String text, long[] blank) {
		List<List<String>> records = new ArrayList<>();
		List<String> record = new ArrayList<>();
		StringBuilder field = new StringBuilder();
		boolean quoted = false;
		boolean inQuotes = false;
		int i = 0;
		int n = text.length();
		if (n == 0) {
			return records;
		}
		while (i < n) {
			char c = text.charAt(i);
			if (inQuotes && c != '"') {
				// a run of quoted content at once: the loop below would append it a character at a time
				int quote = text.indexOf('"', i);
				int end = quote < 0 ? n : quote;
				field.append(text, i, end);
				i = end;
				continue;
			}
			if (!inQuotes && !special(c)) {
				// the same for a run of unquoted content up to the next character the loop below decides on
				int end = i + 1;
				while (end < n && !special(text.charAt(end))) {
					end++;
				}
				field.append(text, i, end);
				i = end;
				continue;
			}
			if (inQuotes) {
				if (c == '"') {
					if (i + 1 < n && text.charAt(i + 1) == '"') {
						field.append('"');
						i += 2;
						continue;
					}
					inQuotes = false;
					i++;
					continue;
				}
				field.append(c);
				i++;
				continue;
			}
			if (c == '"' && field.isEmpty() && !quoted) {
				quoted = true;
				inQuotes = true;
				i++;
				continue;
			}
			if (c == ',') {
				record.add((quoted ? "\"" : "") + field);
				field.setLength(0);
				quoted = false;
				i++;
				continue;
			}
			if (c == '\n' || (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n')) {
				if (record.isEmpty() && field.isEmpty() && !quoted) {
					blank[0]++;
					i += c == '\r' ? 2 : 1;
					continue;
				}
				record.add((quoted ? "\"" : "") + field);
				records.add(record);
				record = new ArrayList<>();
				field.setLength(0);
				quoted = false;
				i += c == '\r' ? 2 : 1;
				continue;
			}
			field.append(c);
			i++;
		}
		if (quoted || !field.isEmpty() || !record.isEmpty()) {
			String last = field.toString();
			if (!quoted && last.endsWith("\r")) {
				last = last.substring(0, last.length() - 1);
			}
			if (record.isEmpty() && last.isEmpty() && !quoted) {
				blank[0]++; // a lone CR at the very end
				return records;
			}
			record.add((quoted ? "\"" : "") + last);
			records.add(record);
		}
		return records;
	}

	/** The characters on which an unquoted field's parse decides something; every other one is content. */
	private static boolean special(char c) {
		return c == '"' || c == ',' || c == '\n' || c == '\r';
	}

}
