package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

import javax.sql.DataSource;

import io.rowlift.model.Checkpoints;

/**
 * What the load modes {@code truncate} and {@code replace} do to whole tables, per vendor: empty a
 * table, make a staging table like it, swap the staging table in. One implementation per dialect
 * ({@link TargetDialect#tables()}); stateless and thread-safe.
 *
 * <p>Every operation is safe to repeat after a kill at any point: the steps that call them are
 * re-run by a resume until they have completed once.
 */
public interface TargetTables {

	/** Announced (tests pause there) inside the swap, before it commits (SQLite) or renames (MySQL). */
	String SWAP_CHECKPOINT = "swap";

	/**
	 * The staging table of a {@code replace} into {@code table}: the same name for every run of a load,
	 * so that a resume finds it ({@link StagingNames}).
	 */
	String stagingName(String table);

	/**
	 * Why {@code table} cannot be replaced by a swap on this database, as the operator reads it (exit 2
	 * before anything is written), or empty when it can.
	 */
	Optional<String> cannotReplace(Connection connection, String table) throws SQLException;

	/**
	 * Deletes every row of {@code table}. Runs in the caller's transaction where the database can
	 * (SQLite, a MySQL {@code DELETE}); a MySQL {@code TRUNCATE} commits by itself, which is safe here
	 * because nothing of the load is written before it.
	 */
	void empty(Connection connection, String table) throws SQLException;

	/**
	 * Makes {@code staging} like {@code table}, empty, dropping an earlier {@code staging} first (a
	 * first run killed before its preparation was recorded). SQLite: the table's own {@code CREATE TABLE}
	 * (columns, keys, constraints), without its secondary indexes, triggers and views, which the swap
	 * re-creates; MySQL: {@code CREATE TABLE ... LIKE} (columns, keys and every index).
	 */
	void createStaging(Connection connection, String table, String staging) throws SQLException;

	/** Drops {@code staging} if it exists. */
	void dropStaging(Connection connection, String staging) throws SQLException;

	/**
	 * Puts {@code staging} in the place of {@code table} atomically: a reader sees either the old table
	 * whole or the new one whole, and the old table is gone afterwards. Takes a connection of its own,
	 * outside any transaction of the caller.
	 * @return false when there was nothing to swap ({@code staging} is gone: an earlier run swapped it)
	 */
	boolean swap(DataSource dataSource, String table, String staging, Checkpoints checkpoints) throws SQLException;

}
