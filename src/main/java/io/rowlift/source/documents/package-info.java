/**
 * A folder of documents ({@code rowlift.source.format=documents}, or a folder or a glob as
 * {@code rowlift.source.path}): one row per file, the key from the file's name, the other columns from the
 * JSON object the file holds (or its whole content into one column). The folder is listed once into a
 * sorted listing file ({@link io.rowlift.source.documents.Listing}), in key order, which the units split and
 * the readers walk. Only this package knows the format; the load sees it through the input seam.
 */
package io.rowlift.source.documents;
