/**
 * {@code rowlift infer}: reads a whole file in parallel, with the load's split and parser, and works
 * out a table for it: each column's type from every value ({@link io.rowlift.infer.ColumnStats},
 * {@link io.rowlift.infer.TypeLattice}), a primary key checked exactly ({@link io.rowlift.infer.KeyCheck}),
 * and one Flyway migration per database ({@link io.rowlift.infer.SqliteTableDdl},
 * {@link io.rowlift.infer.MySqlTableDdl}, {@link io.rowlift.infer.MigrationFiles}). It reads; it knows
 * no database connection. The file is read only through {@link io.rowlift.infer.InferSource}.
 */
package io.rowlift.infer;
