package io.rowlift.report;

import java.util.Locale;

/** HTML and SVG text helpers of the HTML report. Stateless. */
final class Html {

	private Html() {
	}

	/**
	 * {@code text} escaped for element content and quoted attribute values alike ({@code & < > " '}),
	 * null as an empty string; control characters other than tab and line breaks become U+FFFD, since
	 * HTML has no way to show them.
	 */
	static String escape(String text) {
		if (text == null) {
			return "";
		}
		StringBuilder sb = new StringBuilder(text.length() + 16);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '&' -> sb.append("&amp;");
				case '<' -> sb.append("&lt;");
				case '>' -> sb.append("&gt;");
				case '"' -> sb.append("&quot;");
				case '\'' -> sb.append("&#39;");
				default -> sb.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f ? '\ufffd' : c);
			}
		}
		return sb.toString();
	}

	/**
	 * JSON text made safe inside {@code <script type="application/json">}: {@code <}, {@code >} and
	 * {@code &} become JSON escapes ({@code \u003c} ...), so no {@code </script>} or {@code <!--} in a
	 * file name can end the element early, and {@code JSON.parse} still reads the same values. Only
	 * valid for JSON, where those characters occur inside strings alone.
	 */
	static String scriptJson(String json) {
		return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
			.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
	}

	/** An SVG coordinate: one decimal, no exponent. */
	static String coordinate(double value) {
		return String.format(Locale.ROOT, "%.1f", value);
	}

	/** The color of a status: green completed, red failed, amber stopped, grey anything else. */
	static String statusColor(String status) {
		return switch (status == null ? "" : status.toUpperCase(Locale.ROOT)) {
			case "COMPLETED" -> "#2e8b57";
			case "FAILED" -> "#c0392b";
			case "STOPPED", "STOPPING" -> "#d68910";
			default -> "#7f8c8d";
		};
	}

	/** The color of series {@code index}: hues a golden angle apart, so neighbours differ for any count. */
	static String seriesColor(int index) {
		return String.format(Locale.ROOT, "hsl(%.0f, 65%%, 42%%)", (index * 137.508) % 360);
	}

}
