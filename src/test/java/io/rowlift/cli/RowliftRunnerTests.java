package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.support.StaticListableBeanFactory;

import io.rowlift.RowliftException;

/** Which verb runs, and what a command line that names none, two or an unknown one gets. */
class RowliftRunnerTests {

	private final StaticListableBeanFactory beans = new StaticListableBeanFactory();

	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	private int execute(String... args) {
		return new RowliftRunner(this.beans).execute(args, new PrintStream(this.err, true, StandardCharsets.UTF_8));
	}

	private String err() {
		return this.err.toString(StandardCharsets.UTF_8);
	}

	@Test
	void theDefaultVerbIsLoadNamedOrNotAndNothingElse() {
		assertThat(RowliftRunner.runsTheDefaultVerb(new String[0])).isTrue();
		assertThat(RowliftRunner.runsTheDefaultVerb(new String[] { "--rowlift.schedule.cron=* * * * * *" })).isTrue();
		assertThat(RowliftRunner.runsTheDefaultVerb(new String[] { "load", "--rowlift.target.table=t" })).isTrue();
		assertThat(RowliftRunner.runsTheDefaultVerb(new String[] { "status" })).isFalse();
		assertThat(RowliftRunner.runsTheDefaultVerb(new String[] { "load", "--help" })).isFalse();
		assertThat(RowliftRunner.runsTheDefaultVerb(new String[] { "--version" })).isFalse();
		assertThat(RowliftRunner.runsTheDefaultVerb(new String[] { "load", "status" })).isFalse();
	}

	@Test
	void runsLoadWhenNoVerbIsNamedAndReturnsItsExitCode() {
		this.beans.addBean(Verb.beanName("load"), (Verb) () -> 3);
		this.beans.addBean(Verb.beanName("status"), (Verb) () -> 0);
		assertThat(execute("--rowlift.source.path=a.csv", "--rowlift.target.table=t")).isEqualTo(3);
		assertThat(execute("status", "--rowlift.target.table=t")).isZero();
		assertThat(err()).isEmpty();
	}

	@Test
	void helpAndVersionOptionsRunTheirVerbsWhateverElseTheLineSays() {
		this.beans.addBean(Verb.beanName("load"), (Verb) () -> 1);
		this.beans.addBean(Verb.beanName("help"), (Verb) () -> 10);
		this.beans.addBean(Verb.beanName("version"), (Verb) () -> 20);
		assertThat(execute("--help")).isEqualTo(10);
		assertThat(execute("-h")).isEqualTo(10);
		assertThat(execute("status", "--help", "--rowlift.target.table=t")).isEqualTo(10);
		assertThat(execute("--version")).isEqualTo(20);
		assertThat(execute("--version", "--help")).as("help wins").isEqualTo(10);
		assertThat(execute("version")).isEqualTo(20);
		assertThat(RowliftRunner.verbs(this.beans)).containsExactly("load", "help", "version");
		assertThat(err()).isEmpty();
	}

	@Test
	void helpListsTheVerbsThereAreOnOneScreen() {
		String text = new HelpCommand(java.util.List.of("load", "status", "help", "someday"), System.out).text();
		assertThat(text).startsWith("rowlift " + VersionCommand.version() + ": ")
			.contains("\n  load              load the file into the table")
			.contains("\n  status            recent loads")
			.contains("\n  someday           \n")
			.doesNotContain("rebuild-indexes   rebuild");
		assertThat(text.lines().count()).isLessThanOrEqualTo(40);
		assertThat(text.lines().mapToInt(String::length).max().orElse(0)).as("fits 110 columns").isLessThanOrEqualTo(110);
	}

	@Test
	void refusesAnUnknownVerbNamingTheOnesThereAre() {
		this.beans.addBean(Verb.beanName("load"), (Verb) () -> 0);
		this.beans.addBean("somethingElse", "not a verb");
		assertThat(execute("lode", "--rowlift.source.path=a.csv")).isEqualTo(RowliftException.BAD_INPUT);
		assertThat(err()).isEqualTo("rowlift: unknown command 'lode'; this version has 'load' (the default); "
				+ "settings are --key=value options" + System.lineSeparator());
	}

	@Test
	void checksTheSettingsBeforeAnyVerbIsMade() {
		for (String verb : java.util.List.of("load", "status")) {
			this.beans.addBean(Verb.beanName(verb), failing(new IllegalStateException("the verb must not be made")));
		}
		RowliftRunner runner = new RowliftRunner(this.beans, () -> {
			throw RowliftException.badInput("unknown setting rowlift.job.partition");
		});
		PrintStream err = new PrintStream(this.err, true, StandardCharsets.UTF_8);
		assertThat(runner.execute(new String[] { "--rowlift.job.partition=4" }, err)).isEqualTo(RowliftException.BAD_INPUT);
		assertThat(runner.execute(new String[] { "status", "--rowlift.job.partition=4" }, err)).isEqualTo(RowliftException.BAD_INPUT);
		assertThat(err()).isEqualTo(("rowlift: unknown setting rowlift.job.partition" + System.lineSeparator()).repeat(2));
	}

	@Test
	void refusesTwoVerbs() {
		this.beans.addBean(Verb.beanName("load"), (Verb) () -> 0);
		assertThat(execute("load", "now", "--rowlift.source.path=a.csv")).isEqualTo(RowliftException.BAD_INPUT);
		assertThat(err()).contains("rowlift: one command at a time, got load now; settings are --key=value options");
	}

	@Test
	void reportsAVerbWhoseBeansCannotBeMadeWithTheExitCodeOfTheCause() {
		this.beans.addBean(Verb.beanName("load"), failing(new BeanCreationException("rowliftCommand", "cannot create",
				RowliftException.refused("another run is active"))));
		assertThat(execute()).isEqualTo(RowliftException.REFUSED);
		assertThat(err()).isEqualTo("rowlift: another run is active" + System.lineSeparator());
	}

	@Test
	void anUnexpectedFailureToMakeTheVerbIsExitOneWithItsRootCause() {
		this.beans.addBean(Verb.beanName("load"),
				failing(new BeanCreationException("rowliftCommand", "cannot create", new IllegalStateException("no pool"))));
		assertThat(execute()).isEqualTo(1);
		assertThat(err()).contains("rowlift: java.lang.IllegalStateException: no pool");
	}

	private static FactoryBean<Verb> failing(RuntimeException failure) {
		return new FactoryBean<>() {

			@Override
			public Verb getObject() {
				throw failure;
			}

			@Override
			public Class<?> getObjectType() {
				return Verb.class;
			}

		};
	}

}
