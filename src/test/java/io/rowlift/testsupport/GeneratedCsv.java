package io.rowlift.testsupport;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * A whole generated CSV file for the differential property tests: header {@code id,a,b,c} (table
 * {@code cells}: {@code a} and {@code c} nullable text, {@code b} NOT NULL text, see
 * {@code db/property}), records of quoted and unquoted fields made of pieces that hit every special
 * case of the format and of the write paths (quotes, commas, LF, CRLF, lone CR, tabs, backslashes,
 * {@code \N} and {@code NULL} as text, 1- to 4-byte UTF-8, a control character) repeated from once to
 * around every buffer size in the code (the LOAD DATA stream's 64 KiB block and buffer, the 4 KiB
 * binding scratch of {@code insert-direct}, the 1 MiB read buffer), records repeated past the INSERT
 * batches' 100 and 1,000 rows and the read-ahead's batches, and the settings that move the buffers'
 * and chunks' edges (a 64-byte or 4 KiB read buffer, chunks of 1 to 40 rows, 1 to 3 partitions). Now and then
 * blank lines (LF and CRLF, one or several in a row) come before a record, and after the last one: no records
 * (issue #34 item 6), so the reference skips them too and ids count records only.
 *
 * <p>What each column should hold comes from {@link ReferenceCsv}'s parse of the rendered text, not
 * from the generator ({@link #expectedRows}); the contract's empty-field rules apply: an unquoted
 * empty field is NULL in a nullable column and '' in the NOT NULL one, a quoted {@code ""} is ''.
 * Shrinking works on pieces, repeats and settings, so a failing file shrinks to a few short records.
 *
 * @param records the records after the header, ids given in file order from 1
 * @param finalTerminator whether the last record ends with its terminator
 * @param settings the run's options that move edges (partitions, chunk size, read buffer, read-ahead)
 * @param trailingBlankLines blank lines written after the last record (after its terminator, or ending it when it has none)
 */
public record GeneratedCsv(List<Record> records, boolean finalTerminator, List<String> settings, String trailingBlankLines) {

	/** The header; the table is {@code cells (id, a, b, c)}, {@code b} NOT NULL. */
	public static final String HEADER = "id,a,b,c\n";

	/** Bytes at most per file, and per record (under the 16 MB record and packet limits). */
	private static final long MAX_FILE = 6L << 20, MAX_RECORD = 3L << 20;

	/** Line breaks at most per record: the spring pipeline documents 65,536 lines per record. */
	private static final int MAX_BREAKS = 60_000;

	private static final String[] QUOTED_ATOMS = { "a", "Zq7", " ", ",", "\"", "\n", "\r\n", "\r", "\t", "\\", "\\N", "NULL",
			"é", "€", "😀", "\u0001", "'", "#", "line1\nline2", "a\r\n", "x\ty\\z" };

	/** What an unquoted field may hold: no delimiter, no line feed; a quote only after its first character. */
	private static final String[] UNQUOTED_ATOMS = { "a", "Zq7", " ", "\r", "\t", "\\", "\\N", "NULL", "é", "€", "😀", "\u0001",
			"'", "\"", "a\t", "x\\y\rz" };

	/** One atom written {@code times} times in a row. */
	public record Piece(String atom, int times) {

		long bytes() {
			return (long) this.atom.getBytes(StandardCharsets.UTF_8).length * this.times;
		}

		long breaks() {
			return this.atom.contains("\n") ? this.times : 0;
		}

		@Override
		public String toString() {
			return ReferenceText.escaped(this.atom) + (this.times == 1 ? "" : "x" + this.times);
		}

	}

	/** A field as written: quoted or not, its content the pieces in order. */
	public record Field(boolean quoted, List<Piece> pieces) {

		String content() {
			StringBuilder sb = new StringBuilder();
			for (Piece piece : this.pieces) {
				sb.append(piece.atom().repeat(piece.times()));
			}
			return sb.toString();
		}

		String written() {
			String content = content();
			return this.quoted ? "\"" + content.replace("\"", "\"\"") + "\"" : content;
		}

		long bytes() {
			return this.pieces.stream().mapToLong(Piece::bytes).sum();
		}

		long breaks() {
			return this.pieces.stream().mapToLong(Piece::breaks).sum();
		}

		@Override
		public String toString() {
			String body = this.pieces.stream().map(Piece::toString).collect(Collectors.joining("+"));
			return this.quoted ? "q(" + body + ")" : "u(" + body + ")";
		}

	}

	/**
	 * A record's three text fields, its terminator, how many times it is written (ids differ), and the blank lines
	 * written before its first copy.
	 */
	public record Record(List<Field> fields, String terminator, int repeat, String blankLinesBefore) {

		long bytes() {
			return this.fields.stream().mapToLong(Field::bytes).sum() + 12;
		}

		@Override
		public String toString() {
			return (this.blankLinesBefore.isEmpty() ? "" : "blank(" + ReferenceText.escaped(this.blankLinesBefore) + ") ")
					+ this.fields + ReferenceText.escaped(this.terminator) + (this.repeat == 1 ? "" : " x" + this.repeat);
		}

	}

	/** Generated files, with a few hundred bytes typically and a long field or many records now and then. */
	public static Arbitrary<GeneratedCsv> files() {
		Arbitrary<Record> record = Combinators
			.combine(field(), field(), field(), Arbitraries.of("\n", "\r\n"), repeat(), blankLines())
			.as((a, b, c, end, repeat, blank) -> new Record(List.of(a, b, c), end, repeat, blank))
			.filter(r -> r.bytes() <= MAX_RECORD && r.fields().stream().mapToLong(Field::breaks).sum() <= MAX_BREAKS);
		return Combinators.combine(record.list().ofMinSize(1).ofMaxSize(12), Arbitraries.of(true, false), runSettings(), blankLines())
			.as(GeneratedCsv::new)
			.filter(file -> file.records().stream().mapToLong(r -> r.bytes() * r.repeat()).sum() <= MAX_FILE);
	}

	/**
	 * Blank lines, mostly none (shrinking to none): one or several, LF or CRLF. After a record that ends with LF a
	 * CRLF blank line is {@code \n\r\n}; after a last record without its terminator the first line break ends it.
	 */
	private static Arbitrary<String> blankLines() {
		return Arbitraries.frequency(Tuple.of(6, 0), Tuple.of(1, 1))
			.flatMap(l -> l == 0 ? Arbitraries.just("") : Arbitraries.of("\n", "\r\n", "\n\n", "\r\n\r\n", "\n\r\n\n", "\n\n\n\n\n"));
	}

	private static Arbitrary<Field> field() {
		Arbitrary<Field> quoted = piece(QUOTED_ATOMS).list().ofMaxSize(4).map(pieces -> new Field(true, pieces));
		Arbitrary<Field> unquoted = piece(UNQUOTED_ATOMS).list()
			.ofMaxSize(4)
			.filter(pieces -> pieces.isEmpty() || !pieces.get(0).atom().startsWith("\""))
			.map(pieces -> new Field(false, pieces));
		return Arbitraries.oneOf(unquoted, quoted);
	}

	/**
	 * Pieces: mostly an atom once or a few times; now and then a run whose length in the database's
	 * stream (UTF-8, the LOAD DATA escapes doubling LF, CR, tab and backslash) lands within 64 bytes of
	 * a buffer's size (4 KiB, 64 KiB, 128 KiB), or whose length in the file lands within 4 KiB of the
	 * 1 MiB read buffer. Lengths near the edges, not just long ones: a value whose escapes cross an
	 * edge that its plain bytes do not is what broke the LOAD DATA stream (atoms mixing plain bytes and
	 * escapes, as the issue's {@code line1\nline2}, hit it most).
	 */
	private static Arbitrary<Piece> piece(String[] atoms) {
		Arbitrary<Integer> level = Arbitraries.frequency(Tuple.of(30, 0), Tuple.of(6, 1), Tuple.of(6, 2), Tuple.of(2, 3));
		Arbitrary<Integer> edge = Arbitraries.of(4096, 65536, 131072);
		Arbitrary<Integer> delta = Arbitraries.integers().between(-64, 64);
		Arbitrary<Integer> few = Arbitraries.integers().between(0, 299);
		return Combinators.combine(Arbitraries.of(atoms), level, edge, delta, few).as((atom, l, b, d, o) -> new Piece(atom, switch (l) {
			case 0 -> 1 + o % 3;
			case 1 -> 1 + o;
			case 2 -> Math.max(1, (b + d) / streamBytes(atom));
			default -> Math.max(1, ((1 << 20) + 64 * d) / fileBytes(atom));
		}));
	}

	/** Bytes of {@code atom} in a LOAD DATA stream: UTF-8, and a backslash before LF, CR, tab and backslash. */
	static int streamBytes(String atom) {
		return atom.getBytes(StandardCharsets.UTF_8).length
				+ (int) atom.chars().filter(c -> c == '\n' || c == '\r' || c == '\t' || c == '\\').count();
	}

	/** Bytes of {@code atom} in the file, a quote written twice. */
	static int fileBytes(String atom) {
		return atom.getBytes(StandardCharsets.UTF_8).length + (int) atom.chars().filter(c -> c == '"').count();
	}

	private static Arbitrary<Integer> repeat() {
		return Arbitraries.frequency(Tuple.of(20, 0), Tuple.of(1, 1))
			.flatMap(l -> l == 0 ? Arbitraries.just(1) : Arbitraries.integers().between(1, 1_500));
	}

	/** Settings that move edges, shrinking to none (the defaults). */
	private static Arbitrary<List<String>> runSettings() {
		Arbitrary<List<String>> partitions = Arbitraries.of(List.<String>of(), List.of("--rowlift.job.partitions=2"),
				List.of("--rowlift.job.partitions=3"));
		Arbitrary<List<String>> chunk = Arbitraries.frequency(Tuple.of(3, 0), Tuple.of(1, 1))
			.flatMap(l -> l == 0 ? Arbitraries.just(List.<String>of())
					: Arbitraries.integers().between(1, 40).map(n -> List.of("--rowlift.job.chunk-size=" + n)));
		Arbitrary<List<String>> buffer = Arbitraries.of(List.<String>of(), List.of("--rowlift.source.read-buffer=1KB"), // the smallest accepted
				List.of("--rowlift.source.read-buffer=4KB"));
		Arbitrary<List<String>> readAhead = Arbitraries.of(List.<String>of(), List.of("--rowlift.job.read-ahead=0"));
		return Combinators.combine(partitions, chunk, buffer, readAhead).as((p, c, b, r) -> {
			List<String> all = new ArrayList<>(p);
			all.addAll(c);
			all.addAll(b);
			all.addAll(r);
			return List.copyOf(all);
		});
	}

	/** The file's text, header included. */
	public String text() {
		StringBuilder sb = new StringBuilder(HEADER);
		long id = 1;
		for (int r = 0; r < this.records.size(); r++) {
			Record record = this.records.get(r);
			String fields = record.fields().stream().map(Field::written).collect(Collectors.joining(","));
			sb.append(record.blankLinesBefore());
			for (int i = 0; i < record.repeat(); i++) {
				sb.append(id++).append(',').append(fields);
				boolean last = r == this.records.size() - 1 && i == record.repeat() - 1;
				if (!last || this.finalTerminator) {
					sb.append(record.terminator());
				}
			}
		}
		return sb.append(this.trailingBlankLines).toString();
	}

	/**
	 * What the table must hold after loading {@link #text()}, row by row in id order, as
	 * {@code [id, a, b, c]}, NULL as null: {@link ReferenceCsv}'s parse with the contract's empty-field
	 * rules ({@code b} is the NOT NULL column).
	 */
	public static List<List<String>> expectedRows(String text) {
		List<List<String>> records = ReferenceCsv.parseMarked(text);
		List<List<String>> rows = new ArrayList<>();
		for (List<String> record : records.subList(1, records.size())) {
			List<String> row = new ArrayList<>();
			row.add(record.get(0));
			for (int i = 1; i < record.size(); i++) {
				String marked = record.get(i);
				boolean quoted = marked.startsWith("\"");
				String value = quoted ? marked.substring(1) : marked;
				row.add(!quoted && value.isEmpty() && i != 2 ? null : value);
			}
			rows.add(row);
		}
		return rows;
	}

	/** Rows in the file, repeats counted. */
	public long rowCount() {
		return this.records.stream().mapToLong(Record::repeat).sum();
	}

	@Override
	public String toString() {
		String text = text();
		String shown = text.length() <= 4000 ? "\n  file: \"" + ReferenceText.escaped(text) + "\"" : "\n  file: " + text.length()
				+ " characters (see the records)";
		return "GeneratedCsv[settings " + this.settings + ", " + rowCount() + " rows, final terminator " + this.finalTerminator
				+ (this.trailingBlankLines.isEmpty() ? "" : ", then blank(" + ReferenceText.escaped(this.trailingBlankLines) + ")")
				+ "\n  records: " + this.records + shown + "]";
	}

	/** Text shown with its invisible characters escaped, Java-style. */
	public static final class ReferenceText {

		private ReferenceText() {
		}

		public static String escaped(String s) {
			StringBuilder sb = new StringBuilder();
			for (int i = 0; i < s.length(); i++) {
				char c = s.charAt(i);
				switch (c) {
					case '\n' -> sb.append("\\n");
					case '\r' -> sb.append("\\r");
					case '\t' -> sb.append("\\t");
					case '\\' -> sb.append("\\\\");
					case '"' -> sb.append("\\\"");
					default -> {
						if (c < 0x20) {
							sb.append(String.format("\\u%04x", (int) c));
						}
						else {
							sb.append(c);
						}
					}
				}
			}
			return sb.toString();
		}

		/** {@link #escaped}, cut to about {@code max} characters around the middle. */
		public static String shortened(String s, int max) {
			if (s == null) {
				return "NULL";
			}
			String e = escaped(s);
			return e.length() <= max ? "\"" + e + "\"" : "\"" + e.substring(0, max / 2) + "...\" (" + s.length() + " chars) ...\""
					+ e.substring(e.length() - max / 2) + "\"";
		}

	}

}
