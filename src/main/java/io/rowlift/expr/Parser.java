package io.rowlift.expr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.rowlift.expr.Lexer.Kind;
import io.rowlift.expr.Lexer.Token;

/**
 * A recursive-descent parser that builds and type-checks the evaluator tree in one pass. Precedence,
 * lowest first: {@code or}; {@code and}; {@code not}; comparisons, {@code [not] in (...)}, {@code [not] between ... and ...}
 * and {@code is [not] null}; {@code ||};
 * {@code + -}; {@code * /}; unary minus.
 */
final class Parser {

	private final String label;

	private final String source;

	private final Scope scope;

	private final List<Token> tokens;

	/** The first field the expression names (in the text), or -1: where a record it cannot compute is shown. */
	private int firstField = -1;

	/** Every field the expression names. */
	private final java.util.BitSet named = new java.util.BitSet();

	private int next;

	Parser(String label, String source, Scope scope) {
		this.label = label;
		this.source = source;
		this.scope = scope;
		this.tokens = Lexer.tokens(source, this::failure);
	}

	/** The first field named, once {@link #parse()} ran; -1 when it names none. */
	int firstField() {
		return this.firstField;
	}

	/** The fields named, once {@link #parse()} ran. */
	int[] named() {
		return this.named.stream().toArray();
	}

	Node parse() {
		if (peek().kind() == Kind.END) {
			throw failure(1, "the expression is empty");
		}
		Node node = or();
		Token rest = peek();
		if (rest.kind() != Kind.END) {
			throw failure(rest.position(), "unexpected " + rest.shown() + " after a complete expression"
					+ (rest.kind() == Kind.RIGHT ? " (one ')' too many)" : "; is an operator or a comma missing?"));
		}
		return node;
	}

	ExpressionException failure(int position, String problem) {
		return new ExpressionException(this.label + ": " + problem + " at position " + position + " of '" + this.source + "'");
	}

	private Token peek() {
		return this.tokens.get(this.next);
	}

	private Token take() {
		return this.tokens.get(this.next++);
	}

	private boolean accept(String operator) {
		if (peek().is(operator)) {
			this.next++;
			return true;
		}
		return false;
	}

	private String text(int from) {
		int start = this.tokens.get(from).position() - 1;
		Token last = this.tokens.get(this.next - 1);
		int end = last.position() - 1 + (last.kind() == Kind.STRING || last.kind() == Kind.QUOTED_NAME
				? last.text().length() + 2 : last.text().length());
		return this.source.substring(start, Math.min(end, this.source.length())).strip();
	}

	private Node or() {
		int from = this.next;
		Node left = and();
		while (accept("or")) {
			left = new Node.Logic("or", condition(left, "or"), condition(and(), "or"), text(from));
		}
		return left;
	}

	private Node and() {
		int from = this.next;
		Node left = not();
		while (accept("and")) {
			left = new Node.Logic("and", condition(left, "and"), condition(not(), "and"), text(from));
		}
		return left;
	}

	private Node not() {
		int from = this.next;
		if (accept("not")) {
			return new Node.Logic("not", condition(not(), "not"), null, text(from));
		}
		return comparison();
	}

	private Node comparison() {
		int from = this.next;
		Node left = concat();
		Token operator = peek();
		boolean not = false;
		if (operator.is("not") && (this.tokens.get(this.next + 1).is("in") || this.tokens.get(this.next + 1).is("between"))) {
			take();
			not = true;
			operator = peek();
		}
		if (operator.is("in") || operator.is("between")) {
			take();
			value(left, operator);
			Node condition = operator.is("in") ? in(left, from, operator) : between(left, from, operator);
			return not ? new Node.Logic("not", condition, null, text(from)) : condition;
		}
		if (operator.is("is")) {
			take();
			boolean negated = accept("not");
			if (!accept("null")) {
				throw failure(peek().position(), "expected null after 'is" + (negated ? " not" : "") + "', found " + peek().shown());
			}
			return new Node.IsNull(left, negated, text(from));
		}
		for (String op : new String[] { "=", "<>", "!=", "<=", ">=", "<", ">" }) {
			if (operator.kind() == Kind.OPERATOR && operator.text().equals(op)) {
				take();
				Node right = concat();
				if ((left.type == Type.BOOLEAN) != (right.type == Type.BOOLEAN) && !isNull(left) && !isNull(right)) {
					throw failure(operator.position(), "'" + op + "' compares a condition with a value");
				}
				return new Node.Comparison(op, left, right, text(from));
			}
		}
		return left;
	}

	/**
	 * {@code x in (a, b, ...)}: {@code x = a or x = b or ...}, with SQL's three values (x null, or no match
	 * and a null in the list: unknown).
	 */
	private Node in(Node left, int from, Token operator) {
		Token open = peek();
		expect(Kind.LEFT, "'(' and a list of values after 'in', as in country in ('FR', 'DE')");
		Node any = null;
		do {
			Node item = value(concat(), operator);
			Node equal = new Node.Comparison("=", left, item, text(from));
			any = any == null ? equal : new Node.Logic("or", any, equal, text(from));
		}
		while (accept(","));
		expect(Kind.RIGHT, "')' or ',' in the list of 'in' that opens at position " + open.position());
		return any;
	}

	/** {@code x between a and b}: {@code x >= a and x <= b}, bounds included. */
	private Node between(Node left, int from, Token operator) {
		Node low = value(concat(), operator);
		if (!accept("and")) {
			throw failure(peek().position(), "expected 'and' between the bounds of 'between', found " + peek().shown());
		}
		Node high = value(concat(), operator);
		String source = text(from);
		return new Node.Logic("and", new Node.Comparison(">=", left, low, source), new Node.Comparison("<=", left, high, source),
				source);
	}

	private Node concat() {
		int from = this.next;
		Node left = additive();
		while (peek().kind() == Kind.OPERATOR && peek().text().equals("||")) {
			Token operator = take();
			Node right = additive();
			value(left, operator);
			value(right, operator);
			left = new Node.Concat(left, right, text(from));
		}
		return left;
	}

	private Node additive() {
		int from = this.next;
		Node left = multiplicative();
		while (peek().kind() == Kind.OPERATOR && (peek().text().equals("+") || peek().text().equals("-"))) {
			Token operator = take();
			Node right = multiplicative();
			left = new Node.Arithmetic(operator.text().charAt(0), value(left, operator), value(right, operator), text(from));
		}
		return left;
	}

	private Node multiplicative() {
		int from = this.next;
		Node left = unary();
		while (peek().kind() == Kind.OPERATOR && (peek().text().equals("*") || peek().text().equals("/"))) {
			Token operator = take();
			Node right = unary();
			left = new Node.Arithmetic(operator.text().charAt(0), value(left, operator), value(right, operator), text(from));
		}
		return left;
	}

	private Node unary() {
		int from = this.next;
		if (peek().kind() == Kind.OPERATOR && peek().text().equals("-")) {
			Token operator = take();
			Node operand = unary();
			return new Node.Arithmetic('-', new Node.Literal(Type.NUMBER, BigDecimal.ZERO, "0"), value(operand, operator), text(from));
		}
		return primary();
	}

	private Node primary() {
		int from = this.next;
		Token token = take();
		switch (token.kind()) {
			case NUMBER:
				return new Node.Literal(Type.NUMBER, new BigDecimal(token.text()), token.text());
			case STRING:
				return new Node.Literal(Type.TEXT, token.text(), text(from));
			case QUOTED_NAME:
				return field(token);
			case LEFT: {
				Node inner = or();
				expect(Kind.RIGHT, "')' to close the '(' at position " + token.position());
				return inner;
			}
			case NAME: {
				String name = token.text().toLowerCase(Locale.ROOT);
				if (peek().kind() == Kind.LEFT) {
					take();
					List<Node> args = new ArrayList<>();
					if (peek().kind() != Kind.RIGHT) {
						do {
							args.add(or());
						}
						while (accept(","));
					}
					expect(Kind.RIGHT, "')' or ',' in the call of " + token.text() + "() at position " + token.position());
					return Functions.call(name, args, this.scope, text(from), problem -> failure(token.position(), problem));
				}
				switch (name) {
					case "null":
						return new Node.Literal(Type.TEXT, null, "null");
					case "true", "false":
						return new Node.Literal(Type.BOOLEAN, Boolean.valueOf(name), name);
					case "and", "or", "not", "is":
						throw failure(token.position(), "expected a value, found '" + token.text() + "'");
					default:
						return field(token);
				}
			}
			default:
				throw failure(token.position(), "expected a value (a field, a 'string', a number, a function or '('), found "
						+ token.shown());
		}
	}

	private Node field(Token token) {
		int index = this.scope.field(token.text());
		if (index < 0) {
			throw failure(token.position(), "no field '" + token.text() + "' in the header (its names: "
					+ String.join(", ", this.scope.names()) + "); write text in single quotes, a name with blanks in double quotes");
		}
		if (this.firstField < 0) {
			this.firstField = index;
		}
		this.named.set(index);
		return new Node.Field(index, token.kind() == Kind.QUOTED_NAME ? "\"" + token.text() + "\"" : token.text());
	}

	private void expect(Kind kind, String what) {
		Token token = peek();
		if (token.kind() != kind) {
			throw failure(token.position(), "expected " + what + ", found " + token.shown());
		}
		take();
	}

	private Node value(Node node, Token operator) {
		if (node.type == Type.BOOLEAN) {
			throw failure(operator.position(), "'" + operator.text() + "' takes values, but " + node.source + " is a condition");
		}
		return node;
	}

	private Node condition(Node node, String operator) {
		if (node.type != Type.BOOLEAN) {
			throw failure(this.tokens.get(this.next - 1).position(), "'" + operator + "' takes conditions (such as a > 1), but "
					+ node.source + " is " + node.type.describe());
		}
		return node;
	}

	private static boolean isNull(Node node) {
		return node instanceof Node.Literal && node.eval(null) == null;
	}

}
