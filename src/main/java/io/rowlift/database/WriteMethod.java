package io.rowlift.database;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How rows reach the table, as {@code rowlift.target.write-method} names it: {@code auto}, {@code insert}, or a
 * method a dialect offers ({@link WritePaths#methods()}: MySQL's {@code load-data}, SQLite's {@code insert-select}
 * and {@code insert-direct}). A name only: what a method does is told by the dialect that offers it
 * ({@link WritePaths#path}), so the generic code never names a vendor's method. Every method writes a chunk in
 * the chunk's transaction, together with the reader's saved position, so restart and crash safety do not depend
 * on the choice.
 *
 * <p>Job parameters and stored plans hold {@link #name()} ({@code LOAD_DATA}), the form the enum this class
 * replaced wrote; {@link #valueOf} reads both forms. Immutable; equal by name.
 */
public final class WriteMethod {

	/** Rowlift chooses per target ({@link WritePaths#choose}). The default. */
	public static final WriteMethod AUTO = new WriteMethod("auto");

	/** JDBC batches of INSERT statements (multi-row where the dialect says so). Every database. */
	public static final WriteMethod INSERT = new WriteMethod("insert");

	private static final Pattern SETTING = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

	private final String setting;

	private WriteMethod(String setting) {
		this.setting = setting;
	}

	/**
	 * The method {@code text} names, as the setting writes it ({@code load-data}) or as job parameters hold it
	 * ({@code LOAD_DATA}); Spring's binder calls it for {@code rowlift.target.write-method}. Whether a database
	 * offers the method is checked when the load chooses ({@link WriteChoice#resolve}).
	 * @throws IllegalArgumentException when {@code text} is not a name (letters, digits and dashes)
	 */
	public static WriteMethod valueOf(String text) {
		String setting = text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replace('_', '-');
		if (!SETTING.matcher(setting).matches()) {
			throw new IllegalArgumentException("'" + text + "' is not a write method: name one as auto, insert or load-data do"
					+ " (letters, digits and dashes)");
		}
		return AUTO.setting.equals(setting) ? AUTO : INSERT.setting.equals(setting) ? INSERT : new WriteMethod(setting);
	}

	/** As the setting names it: {@code load-data}. */
	public String setting() {
		return this.setting;
	}

	/** As job parameters and stored plans hold it: {@code LOAD_DATA}. */
	public String name() {
		return this.setting.toUpperCase(Locale.ROOT).replace('-', '_');
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof WriteMethod method && method.setting.equals(this.setting);
	}

	@Override
	public int hashCode() {
		return this.setting.hashCode();
	}

	/** {@link #name()}, as the enum this class replaced printed itself. */
	@Override
	public String toString() {
		return name();
	}

}
