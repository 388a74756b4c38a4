/**
 * Mapping: which field of a record goes into which column ({@code TableMapping}, {@code ColumnChoices}), the
 * value formats, computed values and filters, and the binders that turn a record's fields into a row's values.
 * Knows no sink: what it binds into is a {@code ValueSink} of the database package.
 */
package io.rowlift.database.mapping;
