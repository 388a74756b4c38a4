/**
 * The target schema: the operator's Flyway migrations, Rowlift's own tables, and the index ledger with the steps that drop and rebuild indexes around a load.
 */
package io.rowlift.schema;
