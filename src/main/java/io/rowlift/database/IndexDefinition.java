package io.rowlift.database;

import java.util.List;

/**
 * A secondary index as the dialect can re-create it.
 *
 * @param name the index name
 * @param definition the dialect's text to re-create it (SQLite: the full {@code CREATE INDEX}
 * statement; MySQL: the {@code ADD ... INDEX} clause of an {@code ALTER TABLE})
 * @param unique whether it is a unique index
 * @param columns its columns, in order (empty when it indexes expressions)
 */
public record IndexDefinition(String name, String definition, boolean unique, List<String> columns) {
}
