package io.rowlift.sort;

import java.util.Arrays;
import java.util.Comparator;

import io.rowlift.model.RawRecord;

/**
 * A record's primary-key value as bytes that sort, compared unsigned, in the order the database
 * stores the key: integer columns numerically, other columns by their bytes (which is the order of
 * binary collations, SQLite's default; a case-insensitive MySQL collation orders some text keys
 * differently, which costs speed, never correctness). Per column: {@code 0x00} for an empty field
 * or an integer that does not parse (those records sort first; the writer rejects the bad ones),
 * else {@code 0x01} and the value: 8 big-endian bytes with the sign bit flipped for an integer, the
 * bytes with {@code 0x00} escaped as {@code 0x00 0xFF} and ended by {@code 0x00 0x00} for the rest.
 * Immutable and thread-safe.
 */
public final class SortKey {

	/** Keys unsigned, then file offset: records with equal keys keep their file order. */
	public static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

	private final int[] fields;

	private final boolean[] integer;

	/**
	 * @param fields the file's field index of each key column, in key order
	 * @param integer whether each key column is an integer column
	 */
	public SortKey(int[] fields, boolean[] integer) {
		if (fields.length == 0 || fields.length != integer.length) {
			throw new IllegalArgumentException("a key needs at least one column, each with its kind");
		}
		this.fields = fields.clone();
		this.integer = integer.clone();
	}

	/** Whether this key is one integer column, filled by field {@code field}. */
	public boolean isOneInteger(int field) {
		return this.fields.length == 1 && this.fields[0] == field && this.integer[0];
	}

	/** The key of {@code record}; a record without all its key fields gets the empty key. */
	public byte[] of(RawRecord record) {
		if (this.fields.length == 1 && this.integer[0]) { // the common case, without a buffer
			return record.fieldCount() > this.fields[0] ? integer(record, this.fields[0]) : new byte[0];
		}
		int size = 0; // sized first, then filled: one array, no stream (a synchronized call per byte)
		for (int i = 0; i < this.fields.length; i++) {
			int field = this.fields[i];
			if (record.fieldCount() <= field) {
				return new byte[0];
			}
			size += this.integer[i] ? integer(record, field).length : textSize(record, field);
		}
		byte[] key = new byte[size];
		int at = 0;
		for (int i = 0; i < this.fields.length; i++) {
			int field = this.fields[i];
			if (this.integer[i]) {
				byte[] number = integer(record, field);
				System.arraycopy(number, 0, key, at, number.length);
				at += number.length;
			}
			else if (record.length(field) == 0 && !record.quoted(field)) {
				key[at++] = 0;
			}
			else {
				key[at++] = 1;
				byte[] b = record.data();
				for (int j = record.start(field); j < record.end(field); j++) {
					key[at++] = b[j];
					if (b[j] == 0) {
						key[at++] = (byte) 0xFF;
					}
				}
				key[at++] = 0;
				key[at++] = 0;
			}
		}
		return key;
	}

	/** The bytes a text field takes in a key: a NULL marker, or a marker, its bytes (0 escaped) and two 0s. */
	private static int textSize(RawRecord record, int field) {
		if (record.length(field) == 0 && !record.quoted(field)) {
			return 1;
		}
		byte[] b = record.data();
		int size = 3 + record.end(field) - record.start(field);
		for (int j = record.start(field); j < record.end(field); j++) {
			if (b[j] == 0) {
				size++;
			}
		}
		return size;
	}

	private static byte[] integer(RawRecord record, int field) {
		byte[] b = record.data();
		int i = record.start(field);
		int end = record.end(field);
		boolean negative = i < end && b[i] == '-';
		if (i < end && (b[i] == '-' || b[i] == '+')) {
			i++;
		}
		if (i == end || end - i > 18) { // empty, or maybe beyond a long: sorted first, checked by the writer
			return new byte[] { 0 };
		}
		long value = 0;
		for (; i < end; i++) {
			int digit = b[i] - '0';
			if (digit < 0 || digit > 9) {
				return new byte[] { 0 };
			}
			value = value * 10 + digit;
		}
		long v = (negative ? -value : value) ^ Long.MIN_VALUE;
		return new byte[] { 1, (byte) (v >>> 56), (byte) (v >>> 48), (byte) (v >>> 40), (byte) (v >>> 32), (byte) (v >>> 24),
				(byte) (v >>> 16), (byte) (v >>> 8), (byte) v };
	}

}
