/**
 * Rowlift's small expression language (docs/mapping.md): a column's computed value
 * ({@code rowlift.target.columns.<column>.expression}) and a row filter ({@code rowlift.source.filter}).
 * {@link io.rowlift.expr.Expression#compile} parses and type-checks an expression once per load into a tree
 * of small evaluator objects; evaluating it per record does no parsing and no reflection, and decodes only
 * the fields the expression names. Depends on nothing but the JDK: reading and writing use it, it knows
 * neither.
 */
package io.rowlift.expr;
