package io.rowlift.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Types;

import org.junit.jupiter.api.Test;

/** Tests for the integer parser of {@link Binders}. */
class BindersTests {

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
