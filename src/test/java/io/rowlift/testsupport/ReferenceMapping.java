package io.rowlift.testsupport;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The reference of the differential property test of computed columns and the row filter (issue #22): what
 * the table {@code cells} must hold after a load of a {@link GeneratedCsv} file with {@link #SETTINGS},
 * computed directly from {@link ReferenceCsv}'s parse, with SQL's three-valued logic written out by hand and
 * none of Rowlift's expression language (no lexer, parser or evaluator): an unquoted empty field is null,
 * null propagates, a filter keeps a record only when it is true.
 */
public final class ReferenceMapping {

	private ReferenceMapping() {
	}

	/** The settings the reference describes: a and c computed (their fields left out), a filter on a, b, c and id. */
	public static final List<String> SETTINGS = List.of("--rowlift.source.ignore-columns=a,c",
			"--rowlift.target.columns.a.expression=upper(a) || ':' || length(b)",
			"--rowlift.target.columns.c.expression=coalesce(substring(c, 2, 3), 'c-null')",
			"--rowlift.source.filter=(a is null or length(a) < 30 or b >= c) and id not in (2, 5)");

	/** The rows the table must hold, in id order, as {@code [id, a, b, c]}, NULL as null. */
	public static List<List<String>> rows(String text) {
		List<List<String>> records = ReferenceCsv.parseMarked(text);
		List<List<String>> rows = new ArrayList<>();
		for (List<String> record : records.subList(1, records.size())) {
			String id = record.get(0);
			String a = field(record.get(1));
			String b = field(record.get(2));
			String c = field(record.get(3));
			if (!Boolean.TRUE.equals(keeps(id, a, b, c))) {
				continue;
			}
			String computedA = a == null || b == null ? null : a.toUpperCase(Locale.ROOT) + ":" + b.codePointCount(0, b.length());
			String computedC = c == null ? "c-null" : codePoints(c, 1, 3);
			String storedB = b == null ? "" : b; // NOT NULL: an unquoted empty field is ''
			rows.add(java.util.Arrays.asList(id, computedA, storedB, computedC));
		}
		return rows;
	}

	/** Records in the file that the filter drops (false or unknown). */
	public static long filtered(String text) {
		List<List<String>> records = ReferenceCsv.parseMarked(text);
		return records.size() - 1 - rows(text).size();
	}

	/** {@code (a is null or length(a) < 30 or b >= c) and id not in (2, 5)}: TRUE, FALSE or null (unknown). */
	private static Boolean keeps(String id, String a, String b, String c) {
		Boolean shortOrNull = a == null ? Boolean.TRUE : a.codePointCount(0, a.length()) < 30;
		Boolean ordered = b == null || c == null ? null : compareCodePoints(b, c) >= 0;
		Boolean any = or(or(a == null, shortOrNull), ordered);
		BigDecimal n = new BigDecimal(id);
		Boolean notIn = n.compareTo(BigDecimal.valueOf(2)) != 0 && n.compareTo(BigDecimal.valueOf(5)) != 0;
		return and(any, notIn);
	}

	private static Boolean or(Boolean x, Boolean y) {
		if (Boolean.TRUE.equals(x) || Boolean.TRUE.equals(y)) {
			return true;
		}
		return x == null || y == null ? null : false;
	}

	private static Boolean and(Boolean x, Boolean y) {
		if (Boolean.FALSE.equals(x) || Boolean.FALSE.equals(y)) {
			return false;
		}
		return x == null || y == null ? null : true;
	}

	private static int compareCodePoints(String x, String y) {
		int[] p = x.codePoints().toArray();
		int[] q = y.codePoints().toArray();
		for (int i = 0; i < Math.min(p.length, q.length); i++) {
			if (p[i] != q[i]) {
				return Integer.compare(p[i], q[i]);
			}
		}
		return Integer.compare(p.length, q.length);
	}

	/** {@code count} code points from the 0-based code point {@code from}, fewer past the end. */
	private static String codePoints(String s, int from, int count) {
		StringBuilder sb = new StringBuilder();
		s.codePoints().skip(from).limit(count).forEach(sb::appendCodePoint);
		return sb.toString();
	}

	/** A marked field ({@link ReferenceCsv#parseMarked}) as an expression reads it: null when unquoted and empty. */
	private static String field(String marked) {
		boolean quoted = marked.startsWith("\"");
		String value = quoted ? marked.substring(1) : marked;
		return !quoted && value.isEmpty() ? null : value;
	}

}
