package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import io.rowlift.database.IndexDefinition;

/**
 * The check of an index ledger's SQLite definitions (issue 34 item 1): every index SQLite keeps, as Rowlift
 * reads it into the ledger, passes; anything else (another verb, another table, a second statement, a
 * comment, trailing text) does not, and says what it is.
 */
class SqliteIndexStatementTests {

	private final SqliteDialect sqlite = new SqliteDialect();

	private static final List<String> NAMES = List.of("a", "B", "weird name", "quote\"d", "ünï", "select", "[x]", "a.b", "x'y");

	/**
	 * Indexes made by SQLite from random statements (unique or not, IF NOT EXISTS, quoted names in each
	 * style, ASC/DESC, COLLATE, expressions, a partial index's WHERE with literals) pass as
	 * {@code sqlite_master} keeps them and {@link SqliteDialect#secondaryIndexes} reads them.
	 */
	@Property(tries = 200)
	void everyIndexSqliteKeepsPasses(@ForAll("createIndex") String create) throws SQLException {
		try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:")) {
			try (Statement st = connection.createStatement()) {
				st.execute("CREATE TABLE \"T able\" (" + String.join(", ", NAMES.stream().map(this.sqlite::quote).toList()) + ")");
				st.execute(create);
			}
			List<IndexDefinition> indexes = this.sqlite.indexes().secondaryIndexes(connection, "T able");
			assertThat(indexes).hasSize(1);
			IndexDefinition index = indexes.get(0);
			assertThat(this.sqlite.indexes().indexDefinitionProblem("T able", index)).as(index.definition()).isEmpty();
			assertThat(this.sqlite.indexes().indexDefinitionProblem("t ABLE", index)).as("names compare as SQLite compares them").isEmpty();
			assertThat(this.sqlite.indexes().indexDefinitionProblem("other", index)).as("another table").isPresent();
			assertThat(this.sqlite.indexes().indexDefinitionProblem("T able", new IndexDefinition(index.name(), index.definition()
					+ "; DROP TABLE canary", index.unique(), index.columns()))).as("a second statement").isPresent();
			assertThat(this.sqlite.indexes().indexDefinitionProblem("T able", new IndexDefinition(index.name(), index.definition()
					+ " -- x", index.unique(), index.columns()))).as("a comment").isPresent();
			assertThat(this.sqlite.indexes().indexDefinitionProblem("T able", new IndexDefinition("other", index.definition(), index.unique(),
					index.columns()))).as("another index's name").isPresent();
		}
	}

	@Provide
	Arbitrary<String> createIndex() {
		Arbitrary<String> column = Arbitraries.of(NAMES).flatMap(name -> Arbitraries.of(this.sqlite.quote(name),
				name.contains("]") ? this.sqlite.quote(name) : "[" + name + "]", "`" + name.replace("`", "``") + "`"));
		Arbitrary<String> part = Combinators.combine(column, Arbitraries.of("", " COLLATE NOCASE", " collate binary"),
				Arbitraries.of("", " ASC", " DESC", " desc"), Arbitraries.of(0, 0, 0, 1, 2))
			.as((c, collate, order, expression) -> (expression == 1 ? "lower(" + c + ")" : expression == 2 ? "(" + c + " + 1)" : c)
					+ collate + order);
		Arbitrary<String> columns = part.list().ofMinSize(1).ofMaxSize(3).map(parts -> String.join(", ", parts));
		Arbitrary<String> where = Arbitraries.of("", " WHERE \"a\" IS NOT NULL", " where a > 0 AND \"B\" <> 'x;y -- z'",
				" WHERE (a IN (1, 2, 3)) OR b = -1.5e3", " WHERE \"select\" LIKE 'a%' ESCAPE '\\'");
		Arbitrary<String> name = Arbitraries.of("i", "\"ix name\"", "[i 2]", "`i;3`", "main.\"x\"\"y\"");
		return Combinators.combine(Arbitraries.of("CREATE", "create"), Arbitraries.of("", " UNIQUE"), Arbitraries.of("", " IF NOT EXISTS"),
				name, Arbitraries.of("\"T able\"", "[T able]", "`t ABLE`"), columns, where)
			.as((create, unique, ifNot, n, table, cols, w) -> create + unique + " INDEX" + ifNot + " " + n + " ON " + table + " ("
					+ cols + ")" + w);
	}

	@Test
	void theIndexesOfTheTestTablesPass() {
		for (String[] index : new String[][] { { "ints_value_1", "CREATE INDEX ints_value_1 ON ints (value_1)" },
				{ "ints_value_1_value_2", "CREATE UNIQUE INDEX ints_value_1_value_2 ON ints (value_1, value_2)" },
				{ "p", "CREATE INDEX p ON ints(value_1 DESC, value_2 COLLATE NOCASE) WHERE value_1 > 0" },
				{ "e", "CREATE INDEX IF NOT EXISTS main.e ON \"ints\" (abs(value_1), substr(value_2, 1, 3))" } }) {
			assertThat(problem(index[1], "ints", index[0])).as(index[1]).isEmpty();
		}
	}

	@Test
	void anythingElseIsRefusedSayingWhatItIs() {
		assertThat(problem("DROP TABLE canary", "ints", "evil")).get().asString().contains("it is not a CREATE INDEX statement: it starts with DROP");
		assertThat(problem("CREATE INDEX x ON ints(value_1); DROP TABLE canary", "ints", "x"))
			.get().asString().contains("it holds a ';' (a second statement) after CREATE INDEX x ON ints(value_1)");
		assertThat(problem("CREATE INDEX x ON ints(value_1);", "ints", "x")).get().asString().contains("it holds a ';' (a second statement)");
		assertThat(problem("CREATE INDEX x ON ints(value_1) /* hidden */", "ints", "x")).get().asString().contains("it holds a comment (/*)");
		assertThat(problem("CREATE INDEX x -- hidden\nON ints(value_1)", "ints", "x")).get().asString().contains("it holds a comment (--)");
		assertThat(problem("CREATE INDEX x ON canary(note)", "ints", "x")).get().asString().contains("it indexes the table canary, not ints");
		assertThat(problem("CREATE INDEX x ON main.ints(value_1)", "ints", "x")).get().asString().contains("with a schema prefix");
		assertThat(problem("CREATE INDEX y ON ints(value_1)", "ints", "x")).get().asString().contains("it creates the index y, not x");
		assertThat(problem("CREATE TABLE x (a INT)", "ints", "x")).get().asString().contains("CREATE is followed by TABLE");
		assertThat(problem("CREATE TRIGGER x AFTER INSERT ON ints BEGIN DELETE FROM canary; END", "ints", "x"))
			.get().asString().contains("it holds a ';' (a second statement)");
		assertThat(problem("CREATE VIEW x AS SELECT * FROM ints", "ints", "x")).get().asString().contains("CREATE is followed by VIEW");
		assertThat(problem("CREATE INDEX x ON ints(value_1) WHERE value_1 IN (SELECT id FROM canary)", "ints", "x"))
			.get().asString().contains("it has a SELECT in the condition");
		assertThat(problem("CREATE INDEX x ON ints((SELECT 1))", "ints", "x")).get().asString().contains("it has a SELECT in the indexed columns");
		assertThat(problem("CREATE INDEX x ON ints(value_1) DROP", "ints", "x"))
			.get().asString().contains("the statement goes on after its indexed columns: DROP");
		assertThat(problem("CREATE INDEX x ON ints()", "ints", "x")).get().asString().contains("nothing is between the parentheses");
		assertThat(problem("CREATE INDEX x ON ints(value_1", "ints", "x")).get().asString().contains("is never closed");
		assertThat(problem("CREATE INDEX x ON ints(value_1) WHERE", "ints", "x")).get().asString().contains("its WHERE has no condition");
		assertThat(problem("CREATE INDEX x ON ints(value_1) WHERE a) (b", "ints", "x")).get().asString().contains("closes a parenthesis");
		assertThat(problem("CREATE INDEX x ON ints(value_1 = ?)", "ints", "x")).get().asString().contains("the character '?'");
		assertThat(problem("CREATE INDEX x ON ints('a\n') \u0000", "ints", "x")).get().asString().contains("the character U+0000");
		assertThat(problem("CREATE INDEX \"x ON ints(a)", "ints", "x")).get().asString().contains("a quote \" that is never closed");
		assertThat(problem("", "ints", "x")).get().asString().contains("it is empty");
		assertThat(problem("ATTACH DATABASE '/tmp/x' AS x", "ints", "x")).get().asString().contains("it starts with ATTACH");
		assertThat(problem("PRAGMA writable_schema = 1", "ints", "x")).get().asString().contains("it starts with PRAGMA");
	}

	private java.util.Optional<String> problem(String sql, String table, String name) {
		return this.sqlite.indexes().indexDefinitionProblem(table, new IndexDefinition(name, sql, false, List.of()));
	}

}
