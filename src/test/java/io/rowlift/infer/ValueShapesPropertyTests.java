package io.rowlift.infer;

import static org.assertj.core.api.Assertions.assertThatCode;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.infer.InferredColumn.Type;

/**
 * Differential: whatever type infer gives a value, the loader's own parsing of that type (the formats
 * of {@link ValueFormats} with the pattern infer chose, {@code long}, {@code BigDecimal}, {@code double})
 * reads it. Values are drawn from the characters numbers, dates and times are made of, so that most of
 * them come close to a valid value.
 */
class ValueShapesPropertyTests {

	@Provide
	Arbitrary<String> nearValues() {
		Arbitrary<String> random = Arbitraries.strings().withChars("0123456789-+.:/eETZ tfyn").ofMinLength(1).ofMaxLength(30);
		Arbitrary<String> dates = Arbitraries.integers().between(990, 10_001).flatMap(y -> Arbitraries.integers().between(0, 13)
			.flatMap(m -> Arbitraries.integers().between(0, 32).flatMap(d -> Arbitraries.of(
					String.format("%04d-%02d-%02d", y, m, d), String.format("%02d/%02d/%04d", d, m, y),
					String.format("%02d.%02d.%04d", d, m, y), String.format("%04d/%02d/%02d", y, m, d),
					String.format("%04d-%02d-%02dT%02d:%02d:%02d.%d+0%d:00", y, m, d, d % 25, m * 5, d * 2, y, m % 10),
					String.format("%02d/%02d/%04d %02d:%02d:%02d", d, m, y, m * 2, d * 2, y % 61)))));
		Arbitrary<String> numbers = Arbitraries.bigIntegers().between(new java.math.BigInteger("-99999999999999999999999"),
				new java.math.BigInteger("99999999999999999999999")).flatMap(n -> Arbitraries.of(n.toString(), n + ".5",
						"0" + n, n + "e3", "+" + n, "-" + n, "." + n.abs(), n + "e400"));
		return Arbitraries.oneOf(random, dates, numbers);
	}

	@Property(tries = 3000)
	void whatInferTypesTheLoaderReads(@ForAll("nearValues") String value) {
		ColumnStats s = new ColumnStats(true);
		byte[] b = value.getBytes(StandardCharsets.UTF_8);
		s.observe(b, 0, b.length, false);
		TypeLattice.Result r = TypeLattice.decide(java.util.List.of("c"), java.util.List.of(s));
		InferredColumn c = r.columns().get(0);
		ValueFormats formats = ValueFormats.of(StandardCharsets.UTF_8, r.datePattern(), null, r.timestampPattern(), ZoneOffset.UTC);
		assertThatCode(() -> read(c, value, formats)).as("%s typed %s", value, c.type()).doesNotThrowAnyException();
	}

	private static void read(InferredColumn c, String value, ValueFormats formats) {
		switch (c.type()) {
			case INTEGER -> Long.parseLong(value);
			case BIG_INTEGER -> new java.math.BigInteger(value);
			case DECIMAL -> {
				BigDecimal d = new BigDecimal(value);
				if (Math.max(d.scale(), 0) > c.scale() || d.precision() - d.scale() > c.precision() - c.scale()) {
					throw new IllegalStateException("does not fit DECIMAL(" + c.precision() + "," + c.scale() + ")");
				}
			}
			case DOUBLE -> {
				if (Double.isInfinite(Double.parseDouble(value))) {
					throw new IllegalStateException("infinite");
				}
			}
			case BOOLEAN -> {
				if (!java.util.List.of("true", "t", "yes", "y", "1", "false", "f", "no", "n", "0").contains(value.toLowerCase())) {
					throw new IllegalStateException("not a boolean");
				}
			}
			case DATE -> LocalDate.from(formats.date().parse(value));
			case TIME -> LocalTime.from(formats.time().parse(value));
			case TIMESTAMP -> {
				TemporalAccessor a = formats.timestamp().parse(value);
				if (a.isSupported(ChronoField.OFFSET_SECONDS)) {
					OffsetDateTime.from(a);
				}
				else {
					LocalDateTime.from(a);
				}
			}
			case TEXT, EMPTY -> {
			}
		}
	}


}
