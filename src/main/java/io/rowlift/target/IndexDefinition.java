package io.rowlift.target;

/**
 * A secondary index as the dialect can re-create it.
 *
 * @param name the index name
 * @param definition the dialect's text to re-create it (SQLite: the full {@code CREATE INDEX}
 * statement; MySQL: the {@code ADD ... INDEX} clause of an {@code ALTER TABLE})
 */
public record IndexDefinition(String name, String definition) {
}
