package io.rowlift.database;

/**
 * What differs between the databases Rowlift loads into, as a handful of small roles. One implementation per
 * vendor ({@code database.sqlite}, {@code database.mysql}), registered in {@link TargetDialects}; the rest of
 * the code never asks which vendor it talks to, only a role what this database does. Implementations and
 * their roles are stateless and thread-safe; each accessor returns the same role every time.
 *
 * <p>A third database adds its package with a dialect and its roles, and one line in {@link TargetDialects}:
 * see {@code docs/architecture.md}, "Adding a database".
 */
public interface TargetDialect {

	/** {@code sqlite} or {@code mysql}: the Spring profile, the {@code {vendor}} of migration folders. */
	String id();

	/** Whether this dialect serves {@code jdbcUrl}. */
	boolean handles(String jdbcUrl);

	/** {@code identifier} quoted for SQL, any quote inside doubled. */
	String quote(String identifier);

	/** The pool's settings, the database's creation, what runs beside and after a load. */
	ConnectionSetup connections();

	/** Column kinds, bindings, and the SQL text of tables and small statements. */
	TableSql sql();

	/** The write methods and the paths that write a chunk's rows. */
	WritePaths writing();

	/** The unique keys and clauses of the modes that match keys ({@code upsert}, {@code ignore}). */
	KeyMatchSql keys();

	/** Dropping and building a table's secondary indexes. */
	IndexBuild indexes();

	/** What the database's errors mean, and the operator's line for each fault of the environment. */
	EnvironmentFaults faults();

	/** The run lock, and statements a killed run left running. */
	RunLocking locks();

	/** Default partitions and sorted streams. */
	LoadSizing sizing();

	/** What the load modes {@code truncate} and {@code replace} do to whole tables on this database. */
	TargetTables tables();

}
