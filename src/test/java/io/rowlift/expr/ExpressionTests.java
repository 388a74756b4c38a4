package io.rowlift.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Tests for {@link Expression}: each function and operator, null rules, and the messages of errors. */
class ExpressionTests {

	static final Scope SCOPE = new Scope(List.of("name", "price", "qty", "born", "first name", "empty"),
			Map.of("file_name", "people.csv", "run_id", "7", "started", "2026-12-02T16:00:00Z"));

	/** A record of the fields above; null is an empty field. */
	record Row(long line, String... fields) implements Input {

		@Override
		public String field(int index) {
			return this.fields[index];
		}

	}

	static final Row ROW = new Row(48213, "  Ada Lovelace ", "12.50", "3", "10/12/1815", "Ada", null);

	static String eval(String expression) {
		return Expression.compile("x.expression", expression, SCOPE).text(ROW);
	}

	@ParameterizedTest(name = "{0} = {1}")
	@CsvSource(delimiterString = " => ", quoteCharacter = '`', nullValues = "<null>", textBlock = """
			trim(name) => Ada Lovelace
			upper(trim(name)) => ADA LOVELACE
			lower("first name") => ada
			replace(trim(name), 'Ada ', '') => Lovelace
			substring(trim(name), 5) => Lovelace
			substring(trim(name), 1, 3) => Ada
			substring('abc', 0, 2) => a
			substring('abc', 9) => ''
			length(trim(name)) => 12
			price * qty => 37.5
			price * qty + 1 => 38.5
			(price + 1) * 2 => 27
			1 + 2 * 3 - 4 / 2 => 5
			10 - 4 - 3 => 3
			-qty + 1 => -2
			1 / 3 * 3 => 0.9999999999999999999999999999999999
			'n:' || qty || '/' || price => n:3/12.50
			qty + 1 || '' => 4
			coalesce(empty, "first name", 'x') => Ada
			default(empty, 'none') => none
			coalesce(empty, 0) + 1 => 1
			empty || 'x' => <null>
			empty + 1 => <null>
			parse_date(born, 'dd/MM/uuuu') => 1815-12-10
			parse_timestamp('1815-12-10 07:30', 'uuuu-MM-dd HH:mm') => 1815-12-10T07:30
			parse_number('1.234,5', ',', '.') => 1234.5
			parse_number('-7,25', ',') => -7.25
			number('4e2') + 0 => 400
			text(qty + 0.50) => 3.5
			if(qty > 2, 'many', 'few') => many
			if(empty is null, 0, qty) => 0
			file_name() || ':' || line() => people.csv:48213
			run_id() => 7
			started() => 2026-12-02T16:00:00Z
			'it''s' => it's
			null => <null>
			""")
	void computesEachFunctionAndOperator(String expression, String expected) {
		assertThat(eval(expression)).isEqualTo("''".equals(expected) ? "" : expected);
	}

	@ParameterizedTest(name = "{0} keeps: {1}")
	@CsvSource(delimiterString = " => ", quoteCharacter = '`', textBlock = """
			qty > 2 => true
			qty >= 3 and price < 12.6 => true
			qty = 3 and not (trim(name) = 'Ada') => true
			qty <> 3 or name is null => false
			empty is null => true
			empty is not null => false
			empty = 'x' => false
			not (empty = 'x') => false
			empty = 'x' or qty = 3 => true
			'b' > 'a' => true
			'10' < '9' => true
			10 < '9' => false
			""")
	void aFilterKeepsOnlyWhatIsTrueAsWhereDoes(String filter, boolean kept) {
		assertThat(Expression.compile("rowlift.source.filter", filter, SCOPE).test(ROW)).isEqualTo(kept);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiterString = " => ", quoteCharacter = '`', textBlock = """
			trim(name => x.expression: expected ')' or ',' in the call of trim() at position 1, found the end at position 10 of 'trim(name'
			nam || 'x' => x.expression: no field 'nam' in the header (its names: name, price, qty, born, first name, empty); write text in single quotes, a name with blanks in double quotes at position 1 of 'nam || 'x''
			price * * 2 => x.expression: expected a value (a field, a 'string', a number, a function or '('), found '*' at position 9 of 'price * * 2'
			'abc => x.expression: unclosed string; end it with ' at position 1 of ''abc'
			trimm(name) => x.expression: no function trimm(); the functions are trim(text), lower(text), upper(text), length(text), replace(text, search, replacement), substring(text, start[, length]), coalesce(value, value, ...), default(value, fallback), number(text), text(value), parse_date(text, 'pattern'), parse_timestamp(text, 'pattern'), parse_number(text, 'decimal separator'[, 'grouping separator']), if(condition, then, else), file_name(), run_id(), started(), line() at position 1 of 'trimm(name)'
			upper(name, 2) => x.expression: upper() takes 1 argument, not 2: upper(text) at position 1 of 'upper(name, 2)'
			parse_date(born, name) => x.expression: parse_date()'s pattern must be a string in single quotes, such as 'dd/MM/uuuu' at position 1 of 'parse_date(born, name)'
			parse_date(born, 'qqqqqq') => x.expression: 'qqqqqq' is not a date-time pattern: Too many pattern letters: q (java.time.format.DateTimeFormatter patterns, such as dd/MM/uuuu HH:mm) at position 1 of 'parse_date(born, 'qqqqqq')'
			qty > 1 + 2) => x.expression: unexpected ')' after a complete expression (one ')' too many) at position 12 of 'qty > 1 + 2)'
			qty and 1 => x.expression: 'and' takes conditions (such as a > 1), but qty is text at position 5 of 'qty and 1'
			(qty > 1) || 'x' => x.expression: '||' takes values, but qty > 1 is a condition at position 11 of '(qty > 1) || 'x''
			qty # 2 => x.expression: unexpected character '#' at position 5 of 'qty # 2'
			'' => x.expression: the expression is empty at position 1 of ''
			""")
	void anExpressionThatDoesNotCompileIsNamedWithThePositionAndTheProblem(String expression, String message) {
		assertThatThrownBy(() -> Expression.compile("x.expression", expression.equals("''") ? "" : expression, SCOPE))
			.isInstanceOf(ExpressionException.class)
			.hasMessage(message);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiterString = " => ", quoteCharacter = '`', textBlock = """
			name * 2 => '  Ada Lovelace ' (name) is not a number
			qty / (qty - 3) => division by zero in qty / (qty - 3) ('3' / 0)
			parse_date(name, 'dd/MM/uuuu') => '  Ada Lovelace ' (name) does not match the date pattern 'dd/MM/uuuu'
			parse_number(price, ',') => '12.50' (price) is not a number with decimal separator ','
			substring(name, 1.5) => 1.5 is not a whole number, as substring(name, 1.5) needs
			""")
	void aValueThatCannotBeComputedSaysWhichValueAndWhy(String expression, String message) {
		assertThatThrownBy(() -> eval(expression)).isInstanceOf(ExpressionException.class).hasMessage(message);
	}

	@Test
	void onlyTheFieldsTheExpressionNamesAreRead() {
		int[] reads = new int[6];
		Input counting = new Input() {
			@Override
			public String field(int index) {
				reads[index]++;
				return ROW.field(index);
			}

			@Override
			public long line() {
				return 1;
			}
		};
		Expression expression = Expression.compile("x", "price * qty", SCOPE);

		expression.text(counting);
		expression.text(counting);

		assertThat(reads).containsExactly(0, 2, 2, 0, 0, 0);
		assertThat(expression.type()).isEqualTo(Type.NUMBER);
		assertThat(Arrays.asList(expression.source(), expression.toString())).containsOnly("price * qty");
	}

	@ParameterizedTest(name = "{0} keeps: {1}")
	@CsvSource(delimiterString = " => ", quoteCharacter = '`', textBlock = """
			qty in (1, 2, 3) => true
			qty in (1, 2) => false
			qty not in (1, 2) => true
			qty not in (3) => false
			trim(name) in ('Ada', 'Ada Lovelace') => true
			"first name" IN ('ada', 'ADA') => false
			empty in ('x', 'y') => false
			empty not in ('x', 'y') => false
			qty in (1, null) => false
			qty not in (1, null) => false
			qty in (3, null) => true
			qty between 1 and 3 => true
			qty between 3.5 and 10 => false
			qty not between 4 and 10 => true
			number(price) between qty and qty * 5 and qty = 3 => true
			price between '1' and '2' => true
			empty between 'a' and 'z' => false
			empty not between 'a' and 'z' => false
			born between '01' and '11' => true
			'\uFB01' < '😀' => true
			'😀' > '\uFFFD' => true
			'€' < '😀' => true
			""")
	void inAndBetweenAreSqlsAndTextComparesByCodePoint(String filter, boolean kept) {
		// the \\u escapes above are the characters themselves (the compiler reads them so in a text block too)
		assertThat(Expression.compile("rowlift.source.filter", filter, SCOPE).test(ROW)).isEqualTo(kept);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiterString = " => ", quoteCharacter = '`', textBlock = """
			qty in 1, 2 => f: expected '(' and a list of values after 'in', as in country in ('FR', 'DE'), found '1' at position 8 of 'qty in 1, 2'
			qty in (1, 2 => f: expected ')' or ',' in the list of 'in' that opens at position 8, found the end at position 13 of 'qty in (1, 2'
			qty in (1, (qty > 2)) => f: 'in' takes values, but qty > 2 is a condition at position 5 of 'qty in (1, (qty > 2))'
			qty in (1, qty > 2) => f: expected ')' or ',' in the list of 'in' that opens at position 8, found '>' at position 16 of 'qty in (1, qty > 2)'
			qty between 1 or 2 => f: expected 'and' between the bounds of 'between', found 'or' at position 15 of 'qty between 1 or 2'
			(qty > 1) in (true) => f: 'in' takes values, but qty > 1 is a condition at position 11 of '(qty > 1) in (true)'
			""")
	void aMalformedInOrBetweenIsNamedWithThePosition(String expression, String message) {
		assertThatThrownBy(() -> Expression.compile("f", expression, SCOPE)).isInstanceOf(ExpressionException.class)
			.hasMessage(message);
	}

	@Test
	void inAndBetweenDecodeOnlyTheFieldsTheyName() {
		int[] reads = new int[6];
		Input counting = new Input() {
			@Override
			public String field(int index) {
				reads[index]++;
				return ROW.field(index);
			}

			@Override
			public long line() {
				return 1;
			}
		};

		assertThat(Expression.compile("f", "qty in (1, 2, 3) and price between 1 and 20", SCOPE).test(counting)).isTrue();
		assertThat(reads[0] + reads[3] + reads[4] + reads[5]).isZero();
		assertThat(reads[1]).isPositive();
		assertThat(reads[2]).isPositive();
	}

	@Test
	void aConstantMissingFromTheScopeIsACompileError() {
		assertThatThrownBy(() -> Expression.compile("x", "run_id()", Scope.of(List.of("a"))))
			.hasMessage("x: run_id() is not known here at position 1 of 'run_id()'");
	}

}
