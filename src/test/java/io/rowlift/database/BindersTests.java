package io.rowlift.database;

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

/** Tests for the integer parser and the text scan of {@link Binders}. */
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

	private static long parse(String s) {
		byte[] b = ("xx" + s + "yy").getBytes(StandardCharsets.US_ASCII);
		return Binders.parseLong(b, 2, 2 + s.length(), COLUMN);
	}

}
