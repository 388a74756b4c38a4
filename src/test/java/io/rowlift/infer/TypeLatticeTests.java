package io.rowlift.infer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.infer.InferredColumn.Type;

/** The type lattice, one column at a time: every rule of docs/infer.md, and what each database makes of it. */
class TypeLatticeTests {

	/** Values as written in a file: {@code null} is an unquoted empty field, {@code "\"\""} a quoted empty one. */
	static InferredColumn infer(String... values) {
		return inferAll(List.of("c"), List.<String[]>of(values)).columns().get(0);
	}

	static TypeLattice.Result inferAll(List<String> names, List<String[]> columns) {
		List<ColumnStats> stats = new ArrayList<>();
		for (String[] values : columns) {
			ColumnStats s = new ColumnStats(true);
			for (String v : values) {
				if (v == null) {
					s.observe(new byte[0], 0, 0, false);
				}
				else if (v.equals("\"\"")) {
					s.observe(new byte[0], 0, 0, true);
				}
				else {
					byte[] b = ("xx" + v + "yy").getBytes(StandardCharsets.UTF_8); // a slice inside a larger array
					s.observe(b, 2, b.length - 2, false);
				}
			}
			stats.add(s);
		}
		return TypeLattice.decide(names, stats);
	}

	static String sqlite(InferredColumn c) {
		return SqliteTableDdl.type(c)[0];
	}

	static String mysql(InferredColumn c) {
		return MySqlTableDdl.type(c, false)[0];
	}

	@Test
	void integersGetTheSmallestWidthAndUnsignedWhenNoneIsNegative() {
		assertThat(mysql(infer("1", "200", "255"))).isEqualTo("TINYINT UNSIGNED");
		assertThat(mysql(infer("1", "256"))).isEqualTo("SMALLINT UNSIGNED");
		assertThat(mysql(infer("-1", "127"))).isEqualTo("TINYINT");
		assertThat(mysql(infer("-129", "1"))).isEqualTo("SMALLINT");
		assertThat(mysql(infer("70000"))).isEqualTo("MEDIUMINT UNSIGNED");
		assertThat(mysql(infer("-8388609"))).isEqualTo("INT");
		assertThat(mysql(infer("4294967295"))).isEqualTo("INT UNSIGNED");
		assertThat(mysql(infer("4294967296"))).isEqualTo("BIGINT UNSIGNED");
		assertThat(mysql(infer("-9223372036854775808", "9223372036854775807"))).isEqualTo("BIGINT");
		assertThat(sqlite(infer("-5", "70000"))).isEqualTo("INTEGER");
		assertThat(infer("+5", "-0").summary()).contains("integers -0..5".replace("-0", "0")).contains("written with +");
	}

	@Test
	void twentyDigitNumbersAreBigintUnsignedOrDecimalOnMySqlAndTextOnSqlite() {
		InferredColumn unsigned = infer("18446744073709551615", "1");
		assertThat(unsigned.type()).isEqualTo(Type.BIG_INTEGER);
		assertThat(mysql(unsigned)).isEqualTo("BIGINT UNSIGNED");
		assertThat(sqlite(unsigned)).isEqualTo("TEXT");
		InferredColumn beyond = infer("18446744073709551616", "99999999999999999999");
		assertThat(mysql(beyond)).isEqualTo("DECIMAL(20,0)");
		assertThat(sqlite(beyond)).isEqualTo("TEXT");
		assertThat(mysql(infer("-9223372036854775809"))).isEqualTo("DECIMAL(19,0)");
		assertThat(mysql(infer("1" + "0".repeat(70)))).startsWith("VARCHAR(");
	}

	@Test
	void decimalsKeepThePrecisionAndScaleSeenAsTheLoaderCountsThem() {
		InferredColumn c = infer("12.50", "-3.1", "0", "0.005");
		assertThat(c.type()).isEqualTo(Type.DECIMAL);
		assertThat(mysql(c)).isEqualTo("DECIMAL(5,3)"); // 2 digits before the point, 3 after
		assertThat(sqlite(c)).isEqualTo("DECIMAL(5,3)");
		assertThat(mysql(infer("0", "0.55"))).isEqualTo("DECIMAL(3,2)"); // BigDecimal counts "0" as one digit before the point
		assertThat(mysql(infer("0.55"))).isEqualTo("DECIMAL(2,2)");
		assertThat(mysql(infer(".5", "5."))).isEqualTo("DECIMAL(2,1)");
		InferredColumn wide = infer("1234567890123456.5");
		assertThat(mysql(wide)).isEqualTo("DECIMAL(17,1)");
		assertThat(sqlite(wide)).isEqualTo("TEXT"); // NUMERIC affinity keeps 15 digits
	}

	@Test
	void exponentsAreDoubles() {
		InferredColumn c = infer("1e3", "2.5E-2", "7");
		assertThat(c.type()).isEqualTo(Type.DOUBLE);
		assertThat(mysql(c)).isEqualTo("DOUBLE");
		assertThat(sqlite(c)).isEqualTo("REAL");
		assertThat(infer("1e999").type()).isEqualTo(Type.TEXT); // infinite: the loader refuses it
		assertThat(infer("NaN").type()).isEqualTo(Type.TEXT);
		assertThat(infer("1e").type()).isEqualTo(Type.TEXT);
	}

	@Test
	void leadingZerosStayText() {
		InferredColumn c = infer("007", "012", "0");
		assertThat(c.type()).isEqualTo(Type.TEXT);
		assertThat(c.summary()).contains("leading zeros");
		assertThat(mysql(c)).isEqualTo("VARCHAR(8)");
		assertThat(infer("00.5").type()).isEqualTo(Type.TEXT);
		assertThat(infer("-01").type()).isEqualTo(Type.TEXT);
		assertThat(infer("0", "-0.5").type()).isEqualTo(Type.DECIMAL);
	}

	@Test
	void booleansNeedAWordAndZeroOneAloneIsAnInteger() {
		InferredColumn words = infer("true", "FALSE", "yes", "n", "1");
		assertThat(words.type()).isEqualTo(Type.BOOLEAN);
		assertThat(mysql(words)).isEqualTo("BOOLEAN");
		assertThat(sqlite(words)).isEqualTo("BOOLEAN");
		InferredColumn bits = infer("0", "1", "1");
		assertThat(bits.type()).isEqualTo(Type.INTEGER);
		assertThat(mysql(bits)).isEqualTo("TINYINT UNSIGNED");
		assertThat(bits.summary()).contains("only 0 and 1");
		assertThat(infer("true", "maybe").type()).isEqualTo(Type.TEXT);
	}

	@Test
	void datesTimesAndTimestamps() {
		assertThat(mysql(infer("2024-01-31", "2024-02-29"))).isEqualTo("DATE");
		assertThat(infer("2023-02-29").type()).isEqualTo(Type.TEXT); // no such day
		assertThat(infer("0999-01-01").type()).isEqualTo(Type.TEXT); // before MySQL's DATE range
		InferredColumn time = infer("10:00", "23:59:59.125");
		assertThat(time.type()).isEqualTo(Type.TIME);
		assertThat(mysql(time)).isEqualTo("TIME(3)");
		assertThat(sqlite(time)).isEqualTo("TIME");
		assertThat(infer("24:00").type()).isEqualTo(Type.TEXT);
		InferredColumn stamp = infer("2024-01-31 10:00:00", "2024-01-31T10:00:00.123456Z", "2024-02-01");
		assertThat(stamp.type()).isEqualTo(Type.TIMESTAMP);
		assertThat(mysql(stamp)).isEqualTo("DATETIME(6)");
		assertThat(sqlite(stamp)).isEqualTo("DATETIME");
		assertThat(stamp.summary()).contains("offset");
		assertThat(mysql(infer("2024-01-31 10:00:00.1234567"))).startsWith("VARCHAR("); // MySQL would round the 7th digit
		assertThat(sqlite(infer("2024-01-31 10:00:00.1234567"))).isEqualTo("DATETIME");
	}

	@Test
	void aFileGetsOneDatePatternAndTheSettingThatReadsIt() {
		TypeLattice.Result r = inferAll(List.of("a", "b"), List.of(new String[] { "31/01/2024", "13/02/2024" },
				new String[] { "01/02/2024 10:00:00", "02/03/2024 11:00:00" }));
		assertThat(r.columns().get(0).type()).isEqualTo(Type.DATE);
		assertThat(r.datePattern()).isEqualTo("dd/MM/uuuu");
		assertThat(r.columns().get(1).type()).isEqualTo(Type.TIMESTAMP);
		assertThat(r.timestampPattern()).isEqualTo("dd/MM/uuuu HH:mm:ss"); // the first that fits, days and months both <= 12
		TypeLattice.Result us = inferAll(List.of("a"), List.<String[]>of(new String[] { "01/31/2024" }));
		assertThat(us.datePattern()).isEqualTo("MM/dd/uuuu");
		TypeLattice.Result iso = inferAll(List.of("a"), List.<String[]>of(new String[] { "2024-01-31" }));
		assertThat(iso.datePattern()).isNull(); // ISO: the loader's default, no setting
		assertThat(infer("01/02/2024", "03/04/2024").summary()).contains("MM/dd/uuuu would read them too");
	}

	@Test
	void datesInTwoFormatsInOneColumnAreText() {
		InferredColumn c = infer("2024-01-31", "31/01/2024");
		assertThat(c.type()).isEqualTo(Type.TEXT);
		assertThat(c.summary()).contains("no single type holds every value").contains("'31/01/2024' has another type");
		assertThat(infer("Ann").summary()).contains("text: 'Ann' is no number, boolean, date or time");
	}

	@Test
	void anIsoDateColumnBesideColumnsOfAnotherDatePatternBecomesATimestamp() {
		TypeLattice.Result r = inferAll(List.of("a", "b", "c"), List.of(new String[] { "31/01/2024" },
				new String[] { "30/01/2024" }, new String[] { "2024-01-31" }));
		assertThat(r.datePattern()).isEqualTo("dd/MM/uuuu");
		assertThat(r.columns().get(2).type()).isEqualTo(Type.TIMESTAMP); // the ISO timestamp format reads a date alone
		assertThat(r.timestampPattern()).isNull();
	}

	@Test
	void mixedTypesAreText() {
		InferredColumn c = infer("1", "2", "abc", "4");
		assertThat(c.type()).isEqualTo(Type.TEXT);
		assertThat(c.summary()).contains("'abc'");
		assertThat(infer("1", "2.5").type()).isEqualTo(Type.DECIMAL);
		assertThat(infer("1", "true").type()).isEqualTo(Type.BOOLEAN);
		assertThat(infer("1", "2024-01-01").type()).isEqualTo(Type.TEXT);
		assertThat(infer(" 1").type()).isEqualTo(Type.TEXT); // the loader does not trim numbers
	}

	@Test
	void emptiesFollowTheContract() {
		InferredColumn allEmpty = infer(null, null, "\"\"");
		assertThat(allEmpty.type()).isEqualTo(Type.EMPTY);
		assertThat(allEmpty.nullable()).isTrue();
		assertThat(mysql(allEmpty)).isEqualTo("TEXT");
		assertThat(infer("\"\"", "\"\"").nullable()).isFalse(); // quoted "" is '' in text: NOT NULL holds it
		assertThat(infer("a", "\"\"").nullable()).isFalse();
		assertThat(infer("a", null).nullable()).isTrue(); // unquoted empty: NULL
		assertThat(infer("1", "\"\"").nullable()).isTrue(); // "" counts as empty outside text
		assertThat(infer("1", "2").nullable()).isFalse();
		assertThat(infer("1", "2").summary()).contains("none empty");
	}

	@Test
	void textIsSizedInCharactersWithHeadroom() {
		InferredColumn c = infer("ab", "größenwahn", "x\ny"); // a quoted newline is one more character
		assertThat(c.stats().maxChars).isEqualTo(10);
		assertThat(c.stats().maxBytes).isEqualTo(12);
		assertThat(mysql(c)).isEqualTo("VARCHAR(16)"); // 10 + 25 % = 13, to a multiple of 8
		assertThat(sqlite(c)).isEqualTo("VARCHAR(16)");
		assertThat(TableDdl.varcharLength(0)).isEqualTo(8);
		assertThat(TableDdl.varcharLength(2000)).isEqualTo(2504);
		InferredColumn longText = infer("a".repeat(20_000));
		assertThat(mysql(longText)).isEqualTo("TEXT");
		assertThat(mysql(infer("a".repeat(60_000)))).isEqualTo("MEDIUMTEXT");
	}

	@Test
	void manyWideVarcharsBecomeTextToFitMySqlsRowLimit() {
		List<String> names = new ArrayList<>();
		List<String[]> values = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			names.add("c" + i);
			values.add(new String[] { "x".repeat(1000 + i) });
		}
		TypeLattice.Result r = inferAll(names, values);
		InferredTable t = new InferredTable("t", "t.csv", r.columns(), null, null, -1, List.of(), 1, 0, null, 10);
		String sql = new MySqlTableDdl().createTable(t);
		assertThat(sql).contains("`c19` TEXT").contains("`c0` VARCHAR(1256)").contains("65,535-byte row limit");
	}

}
