package io.rowlift.sort;

/**
 * In which order rows reach the table ({@code rowlift.sort.key-order}). A table is stored in the
 * order of its primary key (InnoDB's clustered index, SQLite's rowid or {@code WITHOUT ROWID} key,
 * or the key's own index): rows that arrive in that order append to the end of the B-tree, rows in
 * random order split pages all over it, which on a table larger than the database's cache is many
 * times slower (the benchmark kit measured 8x on SQLite and 20x on InnoDB for 2M random keys).
 */
public enum KeyOrder {

	/** Rowlift chooses from the table's key, a sample of the file and its size; see {@link KeyOrderChoice}. */
	AUTO,

	/**
	 * The file is sorted by the key first, on disk, in parallel (sorted runs of bounded memory, then
	 * one k-way merge that feeds a single writer).
	 */
	SORT,

	/** Each chunk is sorted by the key before it is written: cheap, and enough for small files. */
	CHUNK,

	/** Rows are written in file order. */
	FILE

}
