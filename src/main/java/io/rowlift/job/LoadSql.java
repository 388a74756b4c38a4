package io.rowlift.job;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.RowliftException;

/**
 * The SQL a load runs once before its data ({@value #BEFORE_KEY}) and once after it
 * ({@value #AFTER_KEY}), as statements (docs/resume.md, "Before and after SQL").
 *
 * <p>A setting is either SQL text or {@code file:<path>}, a file of SQL in UTF-8 (read when the load's
 * first run starts; its statements are stored with the run, so a resume runs what was read then). The
 * text is split into statements at each {@code ;} that is outside a quoted string ({@code '...'}, with
 * {@code ''} for a quote inside), a quoted name ({@code "..."} or {@code `...`}), a line comment
 * ({@code -- ...}) or a block comment ({@code /* ... *}{@code /}); comments stay in the statement they
 * are in, statements that are only blanks and comments are dropped. A backslash is an ordinary character
 * (standard SQL and SQLite; MySQL's {@code '\''} is not understood, write {@code ''''}). A statement that
 * itself holds {@code ;} outside quotes (a trigger body) cannot be given here.
 *
 * <p>The before-SQL is part of the stored plan and compared on a rerun; the after-SQL of a run that has not
 * run it yet is the command's (so that an after-SQL that failed can be fixed without loading again).
 *
 * @param before the statements run before the load, in order (empty: none)
 * @param after the statements run after the load, in order (empty: none)
 */
public record LoadSql(List<String> before, List<String> after) {

	/** The before-SQL setting. */
	public static final String BEFORE_KEY = "rowlift.job.before-sql";

	/** The after-SQL setting. */
	public static final String AFTER_KEY = "rowlift.job.after-sql";

	/** No SQL. */
	public static final LoadSql NONE = new LoadSql(List.of(), List.of());

	public LoadSql {
		before = before == null ? List.of() : List.copyOf(before);
		after = after == null ? List.of() : List.copyOf(after);
	}

	/**
	 * The statements the two settings name.
	 * @throws RowliftException (exit 2) for a {@code file:} that cannot be read
	 */
	public static LoadSql of(String before, String after) {
		return new LoadSql(statements(BEFORE_KEY, before), statements(AFTER_KEY, after));
	}

	/** This SQL with {@code after} in place of its after-SQL. */
	public LoadSql withAfter(List<String> after) {
		return new LoadSql(this.before, after);
	}

	/**
	 * The statements of one setting.
	 * @param key the setting, for messages
	 * @param value SQL, {@code file:<path>}, or null
	 */
	static List<String> statements(String key, String value) {
		if (value == null || value.isBlank()) {
			return List.of();
		}
		String text = value;
		if (value.startsWith("file:")) {
			Path path = Path.of(value.substring("file:".length()));
			try {
				text = Files.readString(path, StandardCharsets.UTF_8);
			}
			catch (IOException ex) {
				throw RowliftException.badInput(key + " is " + value + ", but " + path + " cannot be read (" + ex + "); "
						+ "check the path (relative paths are resolved against " + Path.of("").toAbsolutePath() + ")");
			}
		}
		return split(text);
	}

	/** {@code sql} split at each {@code ;} outside quotes and comments, each statement trimmed, empty ones dropped. */
	static List<String> split(String sql) {
		List<String> statements = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		boolean code = false; // whether the current statement has more than blanks and comments
		int n = sql.length();
		int i = 0;
		while (i < n) {
			char c = sql.charAt(i);
			if (c == '\'' || c == '"' || c == '`') {
				int end = i + 1;
				while (end < n) {
					if (sql.charAt(end) == c) {
						if (end + 1 < n && sql.charAt(end + 1) == c) {
							end += 2; // a doubled quote inside
							continue;
						}
						break;
					}
					end++;
				}
				end = Math.min(end + 1, n);
				current.append(sql, i, end);
				code = true;
				i = end;
			}
			else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
				int end = sql.indexOf('\n', i);
				end = end < 0 ? n : end;
				current.append(sql, i, end);
				i = end;
			}
			else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
				int end = sql.indexOf("*/", i + 2);
				end = end < 0 ? n : end + 2;
				current.append(sql, i, end);
				i = end;
			}
			else if (c == ';') {
				if (code) {
					statements.add(current.toString().strip());
				}
				current.setLength(0);
				code = false;
				i++;
			}
			else {
				current.append(c);
				code |= !Character.isWhitespace(c);
				i++;
			}
		}
		if (code) {
			statements.add(current.toString().strip());
		}
		return List.copyOf(statements);
	}

}
