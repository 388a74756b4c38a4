package io.rowlift.load;

import java.sql.SQLException;

import javax.sql.DataSource;

import io.rowlift.database.TargetDialect;
import io.rowlift.schema.Migrations;
import io.rowlift.schema.RowliftSchema;

/**
 * The scheduled service's ledger of inbox files ({@code ROWLIFT_INBOX}), made in the target database as a load
 * makes its own tables: after the migrations, as Rowlift's schema defines it. The service reads and writes its
 * rows itself; this is what it needs of the schema below the load layer. Thread-safe.
 */
public final class InboxTable {

	/** The ledger's table. */
	public static final String NAME = RowliftSchema.INBOX;

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final Migrations migrations;

	public InboxTable(DataSource dataSource, TargetDialect dialect, Migrations migrations) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.migrations = migrations;
	}

	/** Runs the migrations (a migration may make the target's database), then creates the ledger when it is missing. */
	public void ensure() throws SQLException {
		this.migrations.migrate();
		RowliftSchema.ensureInbox(this.dataSource, this.dialect);
	}

}
