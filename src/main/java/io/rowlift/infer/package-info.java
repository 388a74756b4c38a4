/**
 * {@code rowlift infer}: reads a whole input in parallel, through the same input seam as a load (its format, split and reader), and works
 * out a table for it: each column's type from every value ({@link io.rowlift.infer.ColumnStats},
 * {@link io.rowlift.infer.TypeLattice}), a primary key checked exactly ({@link io.rowlift.infer.KeyCheck}),
 * and one Flyway migration per database ({@link io.rowlift.infer.SqliteTableDdl},
 * {@link io.rowlift.infer.MySqlTableDdl}, {@link io.rowlift.infer.MigrationFiles}). It reads; it knows
 * no database connection. The input is read only through {@link io.rowlift.infer.InferSource}, over {@code source.InputFormats}.
 */
package io.rowlift.infer;
