package io.rowlift.source;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;
import io.rowlift.model.UndecodableBytes;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;

/**
 * Turns one JSON object (a line of JSON Lines, a document of a folder) into a {@link RawRecord} with Jackson's
 * streaming parser: no object tree, no reflection. Shared by the formats that read JSON objects
 * ({@code source.jsonl}, {@code source.documents}); the messages name the unit as the format's {@link Unit}
 * says. Field i of the record is the value of key i ({@link JsonKeys}), as the binders read CSV fields:
 * <ul>
 * <li>a string: its unescaped text, UTF-8, quoted (so {@code ""} is an empty string);
 * <li>a number: its literal text ({@code 12.50}, {@code 1e3}), unquoted;
 * <li>{@code true} / {@code false}: that text, unquoted;
 * <li>{@code null}, and a key the object does not have: an unquoted empty field, so NULL in a nullable
 * column, as the contract's empty-field rules say;
 * <li>an object or an array: its JSON text exactly as written on the line, quoted.
 * </ul>
 * A line that is not exactly one JSON object, or that gives a key twice (keys match case-insensitively),
 * becomes a record with a {@link RecordProblem} at its byte (a reject, or the load's failure under the
 * skip limit). Not thread-safe: one per reader; the records it returns own their arrays.
 */
public final class JsonObjectParser {

	/** What one object is, for the messages: a line of JSON Lines or a document (a file of a folder). */
	public enum Unit {

		/** A line of a JSON Lines file; the messages are JSON Lines' own (pinned by its tests). */
		LINE,

		/** One file holding one object; the messages offer {@code rowlift.source.content-column} for files that are not JSON. */
		DOCUMENT;

		String notAnObject(String holds) {
			return this == LINE ? "the line holds " + holds + ", not a JSON object; each line of a JSON Lines file must hold one "
					+ "object ({\"key\": value, ...}): fix or remove the line"
					: "the document holds " + holds + ", not a JSON object; each file must hold one object ({\"key\": value, ...}): "
							+ "fix or remove the file, or set rowlift.source.content-column=COLUMN to load each file's whole content "
							+ "into one column";
		}

		String unknownKey(String key) {
			return this == LINE ? "key '" + key + "' is not one of the input's keys "
					+ "(the file changed since the load was planned?); load the file again from the start"
					: "key '" + key + "' is not one of the input's keys (those of the documents sampled when the load was "
							+ "planned, and not the key column, which the file's name gives); remove the key from the file, or "
							+ "load such documents in a load of their own";
		}

		String secondValue() {
			return this == LINE ? "a second JSON value follows the object on the same line; each line must hold exactly one object: "
					+ "put it on a line of its own"
					: "a second JSON value follows the object; a document must hold exactly one object: fix the file";
		}

		/** {@code bytes}: an {@link UndecodableBytes#description}. A document's is its "not JSON" (a file may be text). */
		String notUtf8(String bytes) {
			return this == LINE ? bytes + ", which a JSON Lines file is: convert the file to UTF-8, or fix or remove the line"
					: notJson(bytes);
		}

		String notJson(String why) {
			return this == LINE ? "the line is not one JSON object: " + why
					+ "; each line of a JSON Lines file must hold one complete object: fix or remove the line"
					: "the document is not JSON: " + why + "; each file must hold one complete JSON object: fix or remove the "
							+ "file, or set rowlift.source.content-column=COLUMN to load each file's whole content into one column";
		}

	}

	private static final byte[] TRUE = { 't', 'r', 'u', 'e' };

	private static final byte[] FALSE = { 'f', 'a', 'l', 's', 'e' };

	private final JsonFactory factory;

	private final JsonKeys keys;

	private final Unit unit;

	private final int fieldCount;

	private final int[] from;

	private final int[] to;

	private final boolean[] quoted;

	/** Per field, the record (generation) that gave it last: no clearing between records. */
	private final int[] seen;

	private int generation;

	private byte[] out = new byte[4096];

	private int outLen;

	/**
	 * @param keys the input's keys (field i = key i)
	 * @param maxRecordSize the longest line, which bounds a string or a number too
	 */
	public JsonObjectParser(JsonKeys keys, int maxRecordSize) {
		this(keys, maxRecordSize, Unit.LINE);
	}

	/**
	 * @param keys the input's keys (field i = key i)
	 * @param maxRecordSize the longest object, which bounds a string or a number too
	 * @param unit what an object is, for the messages
	 */
	public JsonObjectParser(JsonKeys keys, int maxRecordSize, Unit unit) {
		this.factory = factory(maxRecordSize);
		this.keys = keys;
		this.unit = unit;
		this.fieldCount = keys.size();
		this.from = new int[this.fieldCount];
		this.to = new int[this.fieldCount];
		this.quoted = new boolean[this.fieldCount];
		this.seen = new int[this.fieldCount];
	}

	/** Jackson's JSON factory, its length limits as long as a line may be (its nesting limit as it is). */
	public static JsonFactory factory(int maxRecordSize) {
		return JsonFactory.builder()
			.streamReadConstraints(StreamReadConstraints.builder()
				.maxStringLength(Math.max(maxRecordSize, 1 << 20))
				.maxNumberLength(Math.max(maxRecordSize, 1 << 20))
				.build())
			.build();
	}

	/**
	 * The record of the line {@code buf[start, start + length)}.
	 * @param offset the line's byte offset in the file
	 * @param line its line, relative to its unit's first line
	 * @param rawLength its length in the file, its line end included
	 * @param lines 1 when a line feed ends it, 0 for a last line without one
	 */
	public RawRecord parse(byte[] buf, int start, int length, long offset, long line, int rawLength, int lines) {
		return parse(buf, start, length, offset, offset, line, rawLength, lines);
	}

	/**
	 * As above, with the places of problems counted from {@code base} instead of the record's offset (a document:
	 * from its own first byte, while the record's offset is its place in the folder's listing).
	 */
	public RawRecord parse(byte[] buf, int start, int length, long offset, long base, long line, int rawLength, int lines) {
		if (++this.generation == 0) {
			Arrays.fill(this.seen, 0);
			this.generation = 1;
		}
		this.outLen = 0;
		try (JsonParser parser = this.factory.createParser(ObjectReadContext.empty(), buf, start, length)) {
			JsonToken token = parser.nextToken();
			if (token != JsonToken.START_OBJECT) {
				return problem(offset, line, rawLength, lines, base + parser.currentTokenLocation().getByteOffset(),
						this.unit.notAnObject(describe(token)));
			}
			while ((token = parser.nextToken()) == JsonToken.PROPERTY_NAME) {
				String key = parser.currentName();
				int field = this.keys.field(key);
				long keyAt = base + parser.currentTokenLocation().getByteOffset();
				if (field < 0) {
					return problem(offset, line, rawLength, lines, keyAt, this.unit.unknownKey(key));
				}
				if (this.seen[field] == this.generation) {
					return problem(offset, line, rawLength, lines, keyAt, "key '" + key + "' appears twice in the object (keys "
							+ "match columns case-insensitively); keep one of them");
				}
				this.seen[field] = this.generation;
				this.from[field] = this.outLen;
				this.quoted[field] = value(parser, parser.nextToken(), buf, start);
				this.to[field] = this.outLen;
			}
			token = parser.nextToken();
			if (token != null) {
				return problem(offset, line, rawLength, lines, base + parser.currentTokenLocation().getByteOffset(),
						this.unit.secondValue());
			}
		}
		catch (JacksonException ex) {
			long at = ex.getLocation() == null || ex.getLocation().getByteOffset() < 0 ? base
					: base + Math.min(ex.getLocation().getByteOffset(), length);
			// Jackson names the byte after a cut-short sequence ("middle byte 0x22"), and past it: name the file's own
			UndecodableBytes bad = UndecodableBytes.find(StandardCharsets.UTF_8, buf, start,
					start + (int) Math.min(length, at - base + 1));
			if (bad != null) {
				return problem(offset, line, rawLength, lines, base + bad.at(), this.unit.notUtf8(bad.description()));
			}
			String why = ex.getOriginalMessage();
			int source = why.indexOf("\n at [Source");
			return problem(offset, line, rawLength, lines, at, this.unit.notJson(source < 0 ? why : why.substring(0, source)));
		}
		return record(offset, line, rawLength, lines);
	}

	/** Appends the value {@code token} starts; returns whether it is text (quoted). */
	private boolean value(JsonParser parser, JsonToken token, byte[] buf, int start) {
		switch (token) {
			case VALUE_STRING:
				appendUtf8(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
				return true;
			case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT:
				appendAscii(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
				return false;
			case VALUE_TRUE:
				append(TRUE, 0, TRUE.length);
				return false;
			case VALUE_FALSE:
				append(FALSE, 0, FALSE.length);
				return false;
			case VALUE_NULL:
				return false;
			default: // an object or an array: its text as written
				int begin = (int) parser.currentTokenLocation().getByteOffset();
				parser.skipChildren();
				int end = (int) parser.currentLocation().getByteOffset();
				append(buf, start + begin, end - begin);
				return true;
		}
	}

	private RawRecord record(long offset, long line, int rawLength, int lines) {
		byte[] data = new byte[this.outLen];
		int[] ends = new int[this.fieldCount];
		int at = 0;
		for (int i = 0; i < this.fieldCount; i++) {
			boolean text = false;
			if (this.seen[i] == this.generation) {
				int n = this.to[i] - this.from[i];
				System.arraycopy(this.out, this.from[i], data, at, n);
				at += n;
				text = this.quoted[i];
			}
			ends[i] = text ? RawRecord.quotedEnd(at) : at;
		}
		return new RawRecord(data, ends, offset, line, rawLength, lines, null);
	}

	private RawRecord problem(long offset, long line, int rawLength, int lines, long at, String message) {
		return new RawRecord(new byte[0], new int[this.fieldCount], offset, line, rawLength, lines,
				new RecordProblem(message, at, -1));
	}

	private static String describe(JsonToken token) {
		if (token == null) {
			return "no JSON value";
		}
		return switch (token) {
			case START_ARRAY -> "an array";
			case VALUE_STRING -> "a string";
			case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
			case VALUE_TRUE, VALUE_FALSE -> "a boolean";
			case VALUE_NULL -> "null";
			default -> "'" + token + "'";
		};
	}

	private void ensure(int more) {
		if (this.outLen + more > this.out.length) {
			this.out = Arrays.copyOf(this.out, Math.max(this.outLen + more, this.out.length * 2));
		}
	}

	private void append(byte[] bytes, int start, int length) {
		ensure(length);
		System.arraycopy(bytes, start, this.out, this.outLen, length);
		this.outLen += length;
	}

	private void appendAscii(char[] chars, int start, int length) {
		ensure(length);
		byte[] o = this.out;
		int n = this.outLen;
		for (int i = start, end = start + length; i < end; i++) {
			o[n++] = (byte) chars[i];
		}
		this.outLen = n;
	}

	/** Encodes UTF-16 as UTF-8; a lone surrogate (an escape such as {@code \ud800} alone) becomes U+FFFD. */
	private void appendUtf8(char[] chars, int start, int length) {
		ensure(length * 3);
		byte[] o = this.out;
		int n = this.outLen;
		for (int i = start, end = start + length; i < end; i++) {
			char c = chars[i];
			if (c < 0x80) {
				o[n++] = (byte) c;
			}
			else if (c < 0x800) {
				o[n++] = (byte) (0xC0 | (c >> 6));
				o[n++] = (byte) (0x80 | (c & 0x3F));
			}
			else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1])) {
				int cp = Character.toCodePoint(c, chars[++i]);
				o[n++] = (byte) (0xF0 | (cp >> 18));
				o[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
				o[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
				o[n++] = (byte) (0x80 | (cp & 0x3F));
			}
			else if (Character.isSurrogate(c)) {
				o[n++] = (byte) 0xEF;
				o[n++] = (byte) 0xBF;
				o[n++] = (byte) 0xBD;
			}
			else {
				o[n++] = (byte) (0xE0 | (c >> 12));
				o[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
				o[n++] = (byte) (0x80 | (c & 0x3F));
			}
		}
		this.outLen = n;
	}

}
