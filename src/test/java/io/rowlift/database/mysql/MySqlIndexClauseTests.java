package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import io.rowlift.database.IndexDefinition;

/**
 * The check of an index ledger's MySQL definitions (issue 34 item 1): every {@code ADD ... INDEX} clause in
 * the form {@link MySqlDialect#secondaryIndexes} writes passes (any name, prefix lengths, DESC, the four
 * kinds); anything else (another clause, a second statement, a comment, trailing text) does not.
 */
class MySqlIndexClauseTests {

	private final MySqlDialect mysql = new MySqlDialect();

	/** Clauses as {@link MySqlDialect#secondaryIndexes} writes them, from random names and parts. */
	@Property(tries = 300)
	void everyClauseTheDialectWritesPasses(@ForAll("clause") String[] clause) {
		IndexDefinition index = new IndexDefinition(clause[0], clause[1], false, List.of());
		assertThat(this.mysql.indexes().indexDefinitionProblem("t", index)).as(clause[1]).isEmpty();
		assertThat(problem(clause[1] + ", DROP COLUMN a", clause[0])).as("another clause").isPresent();
		assertThat(problem(clause[1] + "; DROP TABLE canary", clause[0])).as("a second statement").isPresent();
		assertThat(problem(clause[1] + " -- x", clause[0])).as("a comment").isPresent();
		assertThat(problem(clause[1], clause[0] + "x")).as("another index's name").isPresent();
	}

	@Provide
	Arbitrary<String[]> clause() {
		Arbitrary<String> name = Arbitraries.strings().withCharRange(' ', '~').withChars("éü€`;#").ofMinLength(1).ofMaxLength(12);
		Arbitrary<String> part = Combinators.combine(name, Arbitraries.of("", "(10)", "(255)"), Arbitraries.of("", " DESC"))
			.as((column, length, order) -> this.mysql.quote(column) + length + order);
		return Combinators.combine(name, Arbitraries.of("INDEX", "UNIQUE INDEX", "FULLTEXT INDEX", "SPATIAL INDEX"),
				part.list().ofMinSize(1).ofMaxSize(4))
			.as((index, kind, parts) -> new String[] { index,
					"ADD " + kind + " " + this.mysql.quote(index) + " (" + String.join(", ", parts) + ")" });
	}

	@Test
	void anythingElseIsRefusedSayingWhatItIs() {
		assertThat(problem("ADD INDEX `x` (`value_1`)", "X")).as("index names ignore case").isEmpty();
		assertThat(problem("add unique index x (a(3) asc, `b`)", "x")).isEmpty();
		assertThat(problem("DROP TABLE canary", "evil")).get().asString().contains("it is not an ADD INDEX clause: it starts with DROP");
		assertThat(problem("ADD COLUMN pwned INT", "evil")).get().asString().contains("it is not an ADD INDEX clause: it adds COLUMN");
		assertThat(problem("ADD INDEX `evil` (`value_1`), ADD COLUMN pwned INT", "evil"))
			.get().asString().contains("the clause goes on after its columns: ,");
		assertThat(problem("ADD INDEX `x` (`value_1`); DROP TABLE canary", "x"))
			.get().asString().contains("it holds a ';' (a second statement) after ADD INDEX `x` (`value_1`)");
		assertThat(problem("ADD INDEX `x` (`value_1`) # hidden", "x")).get().asString().contains("it holds a comment (#)");
		assertThat(problem("ADD INDEX `x` (`value_1`) /* hidden */", "x")).get().asString().contains("it holds a comment (/*)");
		assertThat(problem("ADD INDEX `x` (`value_1`) -- hidden", "x")).get().asString().contains("it holds a comment (--)");
		assertThat(problem("ADD INDEX `y` (`value_1`)", "x")).get().asString().contains("it adds the index y, not x");
		assertThat(problem("ADD INDEX `x` ((value_1))", "x")).get().asString().contains("where the clause has a column");
		assertThat(problem("ADD INDEX `x` (`a`(x))", "x")).get().asString().contains("where a prefix length has digits");
		assertThat(problem("ADD INDEX `x` (`a`", "x")).get().asString().contains("where the clause has )");
		assertThat(problem("ADD INDEX `x (`a`)", "x")).get().asString().contains("never closed");
		assertThat(problem("ADD INDEX `x` ('a')", "x")).get().asString().contains("the character '''");
		assertThat(problem("ADD INDEX `x` (`a`) USING BTREE", "x")).get().asString().contains("goes on after its columns: USING");
		assertThat(problem("", "x")).get().asString().contains("it is empty");
	}

	private Optional<String> problem(String clause, String name) {
		return this.mysql.indexes().indexDefinitionProblem("t", new IndexDefinition(name, clause, false, List.of()));
	}

}
