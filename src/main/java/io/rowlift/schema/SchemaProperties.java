package io.rowlift.schema;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The target table's schema and indexes around a load ({@code rowlift.schema.*}).
 *
 * @param dropIndexes drop the table's secondary indexes before the load and rebuild them after it
 * (default true: one sorted build is much faster than maintaining indexes row by row; set false to
 * add a few rows to a large table)
 * @param create {@code never} (default): the table must exist or a migration must create it;
 * {@code infer}: a table that is still missing after the migrations gets one inferred from the whole
 * file ({@code rowlift infer}), written into the migrations folder, where it stays, and applied; a table
 * that exists is checked against the file's shape first, and a column that differs is exit 2, naming it
 * (a table is never altered)
 */
@ConfigurationProperties("rowlift.schema")
public record SchemaProperties(@DefaultValue("true") boolean dropIndexes, @DefaultValue("never") Create create) {

	/** What a load does about a missing table. */
	public enum Create {

		/** Nothing: a missing table is exit 2. */
		NEVER,
		/** Infers it from the file, writes the migration, applies it. */
		INFER

	}

	public SchemaProperties {
		create = create == null ? Create.NEVER : create;
	}

}
