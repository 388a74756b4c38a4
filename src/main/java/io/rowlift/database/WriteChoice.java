package io.rowlift.database;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import io.rowlift.RowliftException;

/**
 * The write method a load uses and why, for the job parameters and the summary.
 *
 * @param method {@link WriteMethod#INSERT} or a method of the dialect's {@link WritePaths#methods()}, never {@code AUTO}
 * @param reason why, in a few words (the summary prints it)
 */
public record WriteChoice(WriteMethod method, String reason) {

	/**
	 * The write method of a new load into {@code dialect}'s database: the dialect's choice ({@link WritePaths#choose},
	 * or {@link WritePaths#chooseMatching} in a mode that matches keys) once the configured method is known to be
	 * one it offers.
	 * @throws RowliftException (exit 2) for a method this database does not offer, naming the database that does
	 *     (if any) and the methods this one takes; or as the dialect refuses
	 */
	public static WriteChoice resolve(TargetDialect dialect, TargetMode target, WriteMethod configured, DataSource dataSource)
			throws SQLException {
		WritePaths writing = dialect.writing();
		if (!WriteMethod.AUTO.equals(configured) && !WriteMethod.INSERT.equals(configured) && !writing.methods().contains(configured)) {
			List<String> offered = new ArrayList<>(List.of(WriteMethod.AUTO.setting(), WriteMethod.INSERT.setting()));
			writing.methods().forEach(method -> offered.add(method.setting()));
			String owner = TargetDialects.offering(configured).map(other -> " is for " + other.id() + ";")
				.orElse(" is not a write method of any database Rowlift loads into;");
			throw RowliftException.badInput(TargetProperties.WRITE_METHOD + "=" + configured.setting() + owner + " " + dialect.id()
					+ " is not loaded that way: remove the setting or set it to " + String.join(", ", offered));
		}
		return target.mode().matchesKeys() ? writing.chooseMatching(target.mode(), configured, dataSource)
				: writing.choose(configured, dataSource);
	}

}
