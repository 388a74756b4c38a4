package io.rowlift.database.mysql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import javax.sql.DataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.BulkLoader;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.LoadMode;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.WritePath;
import io.rowlift.database.WritePaths;

/**
 * MySQL's write method beside {@code insert}: {@code load-data}, each chunk's parsed, validated rows streamed with
 * {@code LOAD DATA LOCAL INFILE} from memory (no file is written; {@link LoadDataLoader}, rows in {@link TsvRows}'
 * format). A chunk the server warns about is rolled back and inserted with INSERT statements, which trace the
 * refused rows.
 */
final class MySqlWritePaths implements WritePaths {

	/** {@code rowlift.target.write-method=load-data}. */
	static final WriteMethod LOAD_DATA = WriteMethod.valueOf("load-data");

	/**
	 * Records per chunk for one sorted stream into LOAD DATA, which pays a statement, a warnings check and a
	 * commit per chunk: measured on 10M sorted keys into MariaDB, 78.6 s with 10,000-row chunks, 64.2 s with 50,000.
	 */
	static final int SORTED_CHUNK = 50_000;

	private static final WritePath STREAMS = new WritePath(WritePath.Sink.ROW_STREAM, "LOAD DATA", "LOAD DATA LOCAL streams",
			SORTED_CHUNK);

	private final MySqlDialect dialect;

	MySqlWritePaths(MySqlDialect dialect) {
		this.dialect = dialect;
	}

	@Override
	public List<WriteMethod> methods() {
		return List.of(LOAD_DATA);
	}

	@Override
	public WritePath path(WriteMethod method) {
		return LOAD_DATA.equals(method) ? STREAMS : WritePath.INSERT_BATCHES;
	}

	/**
	 * {@code auto}: LOAD DATA streams when the server allows {@code LOAD DATA LOCAL}
	 * ({@code local_infile=ON}, the default of MariaDB and of MySQL before 8.0), else INSERT batches.
	 * {@code load-data} on a server that refuses it is exit 2, with the fix.
	 */
	@Override
	public WriteChoice choose(WriteMethod configured, DataSource dataSource) throws SQLException {
		if (WriteMethod.INSERT.equals(configured)) {
			return new WriteChoice(WriteMethod.INSERT, "set by " + TargetProperties.WRITE_METHOD);
		}
		boolean local;
		try (Connection connection = dataSource.getConnection();
				Statement st = connection.createStatement();
				ResultSet rs = st.executeQuery("SELECT @@GLOBAL.local_infile")) {
			local = rs.next() && rs.getBoolean(1);
		}
		if (LOAD_DATA.equals(configured)) {
			if (!local) {
				throw RowliftException.badInput(TargetProperties.WRITE_METHOD + "=load-data, but the server does not allow LOAD DATA "
						+ "LOCAL (local_infile=OFF): run SET GLOBAL local_infile=ON (or local_infile=1 in its config), or set "
						+ TargetProperties.WRITE_METHOD + "=insert");
			}
			return new WriteChoice(LOAD_DATA, "set by " + TargetProperties.WRITE_METHOD);
		}
		return local ? new WriteChoice(LOAD_DATA, "default for MySQL: the server has local_infile=ON")
				: new WriteChoice(WriteMethod.INSERT, "the server has local_infile=OFF, so no LOAD DATA LOCAL");
	}

	/**
	 * {@code insert}: INSERT batches with the {@code ON DUPLICATE KEY UPDATE} clause. Otherwise {@link #choose}: with
	 * {@code load-data}, mode ignore loads each chunk with {@code LOAD DATA LOCAL ... IGNORE} and upsert stages each
	 * chunk with {@code LOAD DATA LOCAL} and applies it with one {@code INSERT ... SELECT ... ON DUPLICATE KEY UPDATE};
	 * both match and count rows as the batches do, and fall back to them to find a refused row.
	 */
	@Override
	public WriteChoice chooseMatching(LoadMode mode, WriteMethod configured, DataSource dataSource) throws SQLException {
		String how = "mode " + mode.setting();
		if (WriteMethod.INSERT.equals(configured)) {
			return new WriteChoice(WriteMethod.INSERT, how + " matches keys with INSERT batches (ON DUPLICATE KEY UPDATE): set by "
					+ TargetProperties.WRITE_METHOD);
		}
		WriteChoice chosen = choose(configured, dataSource);
		if (!LOAD_DATA.equals(chosen.method())) {
			return new WriteChoice(WriteMethod.INSERT, how + " matches keys with INSERT batches (ON DUPLICATE KEY UPDATE): "
					+ chosen.reason());
		}
		return new WriteChoice(LOAD_DATA, (mode == LoadMode.IGNORE
				? how + " loads each chunk with LOAD DATA LOCAL ... IGNORE, every warning checked to be a skipped key ("
				: how + " stages each chunk with LOAD DATA LOCAL and applies it with INSERT ... SELECT ... ON DUPLICATE KEY UPDATE (")
				+ chosen.reason() + ")");
	}

	/** {@link MySqlRefusalStage}: the refused chunk staged with {@code LOAD DATA}, its refused rows predicted from the constraints. */
	@Override
	public io.rowlift.database.RefusalStage refusalStage(TableMapping mapping) {
		return new MySqlRefusalStage(this.dialect, mapping);
	}

	/**
	 * Append: {@link LoadDataLoader} straight into the table. Mode ignore: {@link IgnoreLoader} ({@code LOAD DATA ...
	 * IGNORE} straight into the table, every warning checked to be a skipped key); upsert: {@link StagedMatchLoader}
	 * ({@code LOAD DATA} into a temporary staging table, then one INSERT ... SELECT ... ON DUPLICATE KEY UPDATE per
	 * stream).
	 */
	@Override
	public BulkLoader bulkLoader(TableMapping mapping, KeyMatching matching) {
		return matching == null ? LoadDataLoader.of(this.dialect, mapping)
				: matching.mode() == LoadMode.IGNORE ? new IgnoreLoader(this.dialect, mapping)
						: new StagedMatchLoader(this.dialect, mapping, matching);
	}

	/**
	 * True: InnoDB rolls back a statement that fails with a row error (a duplicate key, a foreign key, a
	 * CHECK, and under the strict {@code sql_mode} every value it will not store) and nothing else, so a
	 * refused multi-row INSERT has written none of its rows. Rowlift's exact rejects rest on a
	 * transactional engine already (savepoints, the chunk's rollback); a table of an engine without
	 * transactions (MyISAM) is exact neither way.
	 */
	@Override
	public boolean atomicStatements() {
		return true;
	}

}
