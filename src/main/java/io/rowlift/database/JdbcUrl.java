package io.rowlift.database;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JDBC URL split into its base and its {@code ?key=value&...} parameters, so a dialect can force
 * the driver properties it needs whatever the configuration says. Immutable.
 *
 * @param base everything before {@code ?}
 * @param parameters the parameters, in order
 */
public record JdbcUrl(String base, Map<String, String> parameters) {

	public static JdbcUrl parse(String url) {
		int q = url.indexOf('?');
		Map<String, String> parameters = new LinkedHashMap<>();
		if (q < 0) {
			return new JdbcUrl(url, parameters);
		}
		for (String pair : url.substring(q + 1).split("&")) {
			if (pair.isEmpty()) {
				continue;
			}
			int eq = pair.indexOf('=');
			parameters.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
		}
		return new JdbcUrl(url.substring(0, q), parameters);
	}

	/** A copy with {@code key} set to {@code value}, replacing any value the operator gave. */
	public JdbcUrl with(String key, String value) {
		Map<String, String> copy = new LinkedHashMap<>();
		this.parameters.forEach((k, v) -> {
			if (!k.equalsIgnoreCase(key)) {
				copy.put(k, v);
			}
		});
		copy.put(key, value);
		return new JdbcUrl(this.base, copy);
	}

	@Override
	public String toString() {
		if (this.parameters.isEmpty()) {
			return this.base;
		}
		StringBuilder sb = new StringBuilder(this.base).append('?');
		this.parameters.forEach((k, v) -> sb.append(sb.charAt(sb.length() - 1) == '?' ? "" : "&").append(k).append('=').append(v));
		return sb.toString();
	}

	/** The URL without its parameters (which may hold a user or password), for messages and logs. */
	public static String redacted(String url) {
		if (url == null) {
			return "(none)";
		}
		int q = url.indexOf('?');
		String base = q < 0 ? url : url.substring(0, q) + "?...";
		// jdbc:mysql://user:password@host/db
		return base.replaceAll("//[^/@]*@", "//***@");
	}

}
