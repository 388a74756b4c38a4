package io.rowlift.model;

/**
 * Why a record is not valid CSV, found while reading it.
 *
 * @param message what is wrong and what to do
 * @param offset byte offset in the file where the problem is
 * @param field 0-based field where the problem is
 */
public record RecordProblem(String message, long offset, int field) {
}
