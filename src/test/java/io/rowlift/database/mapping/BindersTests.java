package io.rowlift.database.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Types;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;

/** Tests for the integer parser, the text scan and the decimal digit limits of {@link Binders}. */
class BindersTests {

	/** The word-at-a-time scan agrees with a byte-by-byte one, for any slice, any alignment. */
	@Property(tries = 2000)
	void plainAsciiAgreesWithAByteByByteCheck(@ForAll("mostlyText") byte[] bytes, @ForAll("fraction") double from,
			@ForAll("fraction") double to) {
		int start = (int) (Math.min(from, to) * bytes.length);
		int end = (int) (Math.max(from, to) * bytes.length);
		boolean expected = true;
		for (int i = start; i < end; i++) {
			expected &= bytes[i] >= 1; // 1 to 127: bytes are signed
		}
		assertThat(Binders.plainAscii(bytes, start, end)).isEqualTo(expected);
	}

	@Provide
	Arbitrary<byte[]> mostlyText() {
		Arbitrary<Byte> text = Arbitraries.bytes().between((byte) 1, (byte) 127);
		Arbitrary<Byte> odd = Arbitraries.of((byte) 0, (byte) 1, (byte) 0x7f, (byte) 0x80, (byte) 0xc3, (byte) 0xff);
		return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(30, text), net.jqwik.api.Tuple.of(1, odd))
			.array(byte[].class)
			.ofMaxSize(80);
	}

	@Provide
	Arbitrary<Double> fraction() {
		return Arbitraries.doubles().between(0, 1);
	}

	private static final TableColumn COLUMN = new TableColumn("n", Types.BIGINT, "BIGINT", 0, 0, false, false);

	@Test
	void parsesSignedDecimalIntegersAcrossTheWholeRange() {
		assertThat(parse("0")).isZero();
		assertThat(parse("-17")).isEqualTo(-17);
		assertThat(parse("+42")).isEqualTo(42);
		assertThat(parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
		assertThat(parse("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
		assertThat(parse("00012")).isEqualTo(12);
	}

	@Test
	void refusesValuesOutsideTheRange() {
		assertThatThrownBy(() -> parse("9223372036854775808"))
			.hasMessage("'9223372036854775808' is outside the 64-bit integer range for column n BIGINT");
		assertThatThrownBy(() -> parse("-9223372036854775809")).hasMessageContaining("outside the 64-bit integer range");
		assertThatThrownBy(() -> parse("123456789012345678901234567890")).hasMessageContaining("outside");
	}

	@Test
	void refusesWhatIsNotAnInteger() {
		for (String bad : new String[] { "1.5", "12a", " 1", "-", "+", "1e3", "0x10" }) {
			assertThatThrownBy(() -> parse(bad)).as(bad)
				.isInstanceOf(ValueException.class)
				.hasMessage("'" + bad + "' is not an integer, as column n BIGINT needs; fix the value, or change the column's type");
		}
	}

	/**
	 * Issue #34 item 5: a column declared {@code DECIMAL(p,s)} (or {@code NUMERIC(p,s)}, {@code DECIMAL(p)}, or
	 * bare, which sqlite-jdbc reports as 2000000000 digits, 10 after the point) in a real SQLite table, as the
	 * SQLite dialect reads its metadata, takes a value
	 * exactly when BigDecimal counts at most s digits after the point and p - s before it (leading zeros, a zero
	 * integer part and a sign count none); a refusal names p - s, as on MySQL.
	 */
	@Property(tries = 400)
	void aSqliteDecimalColumnTakesAValueExactlyWhenBigDecimalCountsItsDigitsWithinTheDeclaration(
			@ForAll("declarations") int[] declared, @ForAll("decimals") String value) throws Exception {
		int precision = declared[0] == 0 ? 2_000_000_000 : declared[0];
		int scale = declared[0] == 0 ? 10 : declared[1];
		String type = declared[0] == 0 ? "DECIMAL" : declared[2] == 1 ? "NUMERIC(" + precision + ", " + scale + ")"
				: scale == 0 && declared[2] == 2 ? "DECIMAL(" + precision + ")" : "DECIMAL(" + precision + "," + scale + ")";
		TableColumn column;
		try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite::memory:");
				java.sql.Statement st = c.createStatement()) {
			st.execute("CREATE TABLE d (v " + type + ")");
			column = TableInfo.read(c, "d").orElseThrow().columns().get(0);
		}
		ColumnBinder binder = ColumnBinder.forColumn(column, new io.rowlift.database.sqlite.SqliteDialect(),
				ValueFormats.of(StandardCharsets.UTF_8, null, null, null, java.time.ZoneOffset.UTC));
		java.math.BigDecimal expected = new java.math.BigDecimal(value);
		java.math.BigInteger integerPart = expected.abs().toBigInteger();
		int before = integerPart.signum() == 0 ? 0 : integerPart.toString().length();
		int after = Math.max(expected.scale(), 0);
		byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
		io.rowlift.model.RawRecord record = new io.rowlift.model.RawRecord(bytes, new int[] { bytes.length }, 0, 0,
				bytes.length, 0, null);
		CapturedRow row = new CapturedRow(1);
		if (after <= scale && before <= precision - scale) {
			binder.bind(row, 1, record, 0);
			assertThat(new java.math.BigDecimal((String) row.values()[0])).as(type + " " + value).isEqualByComparingTo(expected);
		}
		else if (after > scale) {
			assertThatThrownBy(() -> binder.bind(row, 1, record, 0)).as(type + " " + value)
				.isInstanceOf(ValueException.class)
				.hasMessage("'" + value + "' has " + after + " digits after the point, but column v " + column.typeName() + " keeps "
						+ scale + "; Rowlift does not round: round the value or widen the column");
		}
		else {
			assertThatThrownBy(() -> binder.bind(row, 1, record, 0)).as(type + " " + value)
				.isInstanceOf(ValueException.class)
				.hasMessage("'" + value + "' has " + before + " digits before the point, but column v " + column.typeName()
						+ " holds " + (precision - scale));
		}
	}

	/** {precision (0: a bare DECIMAL), scale, spelling}. */
	@Provide
	Arbitrary<int[]> declarations() {
		return Arbitraries.integers().between(0, 30).flatMap(p -> Arbitraries.integers().between(0, p)
			.flatMap(s -> Arbitraries.integers().between(0, 2).map(spelling -> new int[] { p, p == 0 ? 0 : s, spelling })));
	}

	/** Signed or not, leading zeros, up to 14 integer and 12 fraction digits, sometimes an exponent. */
	@Provide
	Arbitrary<String> decimals() {
		Arbitrary<String> sign = Arbitraries.of("", "", "-", "+");
		Arbitrary<String> zeros = Arbitraries.of("", "", "", "0", "000");
		Arbitrary<String> integer = Arbitraries.strings().withCharRange('0', '9').ofMaxLength(14);
		Arbitrary<String> fraction = Arbitraries.oneOf(Arbitraries.just(""),
				Arbitraries.strings().withCharRange('0', '9').ofMaxLength(12).map(f -> "." + f));
		Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""), Arbitraries.just(""),
				Arbitraries.integers().between(-4, 4).map(e -> "e" + e));
		return net.jqwik.api.Combinators.combine(sign, zeros, integer, fraction, exponent).as((s, z, i, f, e) -> {
			String mantissa = z + i + f;
			return s + (mantissa.replace(".", "").isEmpty() ? "0" : mantissa) + e;
		});
	}

	private static long parse(String s) {
		byte[] b = ("xx" + s + "yy").getBytes(StandardCharsets.US_ASCII);
		return Binders.parseLong(b, 2, 2 + s.length(), COLUMN);
	}

}
