package io.rowlift.schema;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The target table's indexes around a load ({@code rowlift.schema.*}).
 *
 * @param dropIndexes drop the table's secondary indexes before the load and rebuild them after it
 * (default true: one sorted build is much faster than maintaining indexes row by row; set false to
 * add a few rows to a large table)
 */
@ConfigurationProperties("rowlift.schema")
public record SchemaProperties(@DefaultValue("true") boolean dropIndexes) {
}
