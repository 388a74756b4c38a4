package io.rowlift.schema;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.rowlift.RowliftException;
import io.rowlift.compress.ZstdDictionaries;
import io.rowlift.database.RejectTable;
import io.rowlift.database.SharedRejectBudget;

/**
 * The tables of the target database that Rowlift, Spring Batch and Flyway own, which no load may target:
 * rows loaded there would change what Rowlift does next (a row of {@value RowliftSchema#LEDGER} is an index
 * definition a later rebuild reads). The one place that knows them: every entry point checks its target here
 * before anything is written. Immutable, thread-safe.
 *
 * <p>A name matches case-insensitively, with any schema or database prefix ({@code main.rowlift_index_ledger},
 * {@code test.BATCH_JOB_EXECUTION}) and in any quoting ({@code "..."}, {@code `...`}, {@code [...]}), since
 * some database may resolve each of those to the reserved table.
 */
public final class ReservedTables {

	/** Flyway's history table when {@code spring.flyway.table} is not set. */
	public static final String FLYWAY_DEFAULT = "flyway_schema_history";

	private static final String BATCH = "Spring Batch's job repository, where Rowlift records its runs";

	/** Upper-case name to what the table is, for the message. */
	private final Map<String, String> owners;

	private final String flywayTable;

	private ReservedTables(String flywayTable) {
		this.flywayTable = flywayTable;
		Map<String, String> owners = new LinkedHashMap<>();
		owners.put(RowliftSchema.LEDGER, "Rowlift's ledger of dropped indexes, whose definitions a later rebuild reads");
		owners.put(RowliftSchema.INBOX, "the scheduled service's ledger of inbox files");
		owners.put(RejectTable.NAME, "Rowlift's staged rejected records");
		owners.put(SharedRejectBudget.NAME, "the cluster's shared reject budgets");
		owners.put(ZstdDictionaries.TABLE, "the dictionaries of compressed columns");
		owners.put(RowliftSchema.HEARTBEATS, "the cluster workers' heartbeats, by which a dead worker's partition is taken over");
		for (String table : RowliftSchema.BATCH_TABLES) {
			owners.put(table, BATCH);
		}
		owners.put(flywayTable.toUpperCase(Locale.ROOT), "Flyway's history of the migrations it ran (spring.flyway.table)");
		this.owners = Map.copyOf(owners);
	}

	/** @param flywayTable Flyway's history table ({@code spring.flyway.table}) */
	public static ReservedTables of(String flywayTable) {
		return new ReservedTables(flywayTable == null || flywayTable.isBlank() ? FLYWAY_DEFAULT : flywayTable.strip());
	}

	/**
	 * @param target a table name as an operator or a file name gave it
	 * @return what the reserved table it names is, with its name, as {@code ROWLIFT_INBOX, the scheduled
	 *     service's ledger of inbox files}; empty when it names none of them
	 */
	public Optional<String> owner(String target) {
		if (target == null) {
			return Optional.empty();
		}
		String bare = bareName(target).toUpperCase(Locale.ROOT);
		String owner = this.owners.get(bare);
		return owner == null ? Optional.empty() : Optional.of(bare + ", " + owner);
	}

	/**
	 * Refuses a target that names a reserved table.
	 * @param setting where the name came from, as {@code rowlift.target.table}
	 * @throws RowliftException exit 2, naming the table, why, and what to do
	 */
	public void check(String target, String setting) {
		Optional<String> owner = owner(target);
		if (owner.isPresent()) {
			throw RowliftException.badInput(setting + " '" + target + "' names " + owner.get() + ": " + why()
					+ "; nothing was written; choose another table name in " + setting);
		}
	}

	/** Why no reserved table is a target, with the list, for messages. */
	public String why() {
		return "Rowlift's, Spring Batch's and Flyway's own tables (ROWLIFT_*, BATCH_*, " + this.flywayTable
				+ ") are never load targets, since rows loaded there would change what Rowlift does";
	}

	/**
	 * The table part of a possibly qualified, possibly quoted name: the last part after a dot outside
	 * quotes, unquoted ({@code main."Rowlift_Index_Ledger"} is {@code Rowlift_Index_Ledger}).
	 */
	static String bareName(String name) {
		String text = name.strip();
		int start = 0;
		char open = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (open != 0) {
				if (c == closing(open)) {
					open = 0;
				}
			}
			else if (c == '"' || c == '`' || c == '[') {
				open = c;
			}
			else if (c == '.') {
				start = i + 1;
			}
		}
		String part = text.substring(start).strip();
		if (part.length() >= 2) {
			char first = part.charAt(0);
			if ((first == '"' || first == '`' || first == '[') && part.charAt(part.length() - 1) == closing(first)) {
				String inner = part.substring(1, part.length() - 1);
				return first == '[' ? inner : inner.replace(String.valueOf(first) + first, String.valueOf(first));
			}
		}
		return part;
	}

	private static char closing(char open) {
		return open == '[' ? ']' : open;
	}

}
