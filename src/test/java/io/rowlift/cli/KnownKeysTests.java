package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

import io.rowlift.RowliftException;
import io.rowlift.job.JobProperties;
import io.rowlift.report.ReportProperties;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.sort.SortProperties;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.TargetProperties;

/** Which {@code rowlift.*} keys are known, derived from the properties records, and what an unknown one gets. */
class KnownKeysTests {

	private final KnownKeys classpath = KnownKeys.fromClasspath("rowlift", getClass().getClassLoader());

	private static ConfigurationPropertyName name(String name) {
		return ConfigurationPropertyName.of(name);
	}

	private static ConfigurationPropertyName env(String variable) {
		return ConfigurationPropertyName.adapt(variable.toLowerCase(), '_');
	}

	@Test
	void everyComponentOfEveryPropertiesRecordIsKnownWithNoListToKeep() {
		for (Class<?> type : List.of(JobProperties.class, SourceProperties.class, TargetProperties.class, ReportProperties.class,
				SchemaProperties.class, SortProperties.class)) {
			String prefix = type.getAnnotation(ConfigurationProperties.class).value();
			for (RecordComponent component : type.getRecordComponents()) {
				String key = prefix + "." + KnownKeys.dashed(component.getName());
				assertThat(this.classpath.isKnown(name(key))).as(key).isTrue();
			}
		}
	}

	@Test
	void namesMatchAsTheBinderMatchesThem() {
		assertThat(this.classpath.isKnown(name("rowlift.job.skip-limit"))).isTrue();
		assertThat(this.classpath.isKnown(ConfigurationPropertyName.adapt("rowlift.job.skipLimit", '.'))).isTrue();
		assertThat(this.classpath.isKnown(env("ROWLIFT_JOB_SKIPLIMIT"))).isTrue();
		assertThat(this.classpath.isKnown(env("ROWLIFT_JOB_SKIP_LIMIT"))).as("the binder does not bind it either").isFalse();
		assertThat(this.classpath.isKnown(name("rowlift.job"))).as("a group, empty in YAML when its keys are commented out").isTrue();
	}

	@Test
	void typosAndKeysOfFeaturesNotBuiltAreUnknownWithTheNearestKnownKey() {
		assertThat(this.classpath.isKnown(name("rowlift.job.partition"))).isFalse();
		assertThat(this.classpath.nearest(name("rowlift.job.partition"), UnknownKeys.RESERVED)).isEqualTo("rowlift.job.partitions");
		assertThat(this.classpath.nearest(name("rowlift.source.delimeter"), UnknownKeys.RESERVED)).isEqualTo("rowlift.source.delimiter");
		assertThat(this.classpath.isKnown(name("rowlift.schedule.cron"))).as("scheduled runs are built").isTrue();
		assertThat(this.classpath.isKnown(name("rowlift.cluster.role"))).as("remote partitioning is not").isFalse();
		assertThat(this.classpath.nearest(name("rowlift.cluster.role"), UnknownKeys.RESERVED)).doesNotStartWith("rowlift.test");
	}

	@Test
	void theTestHooksKeysAndTheLaunchersJarVariablePass() {
		assertThat(this.classpath.isKnown(name("rowlift.test.pause-at"))).isTrue();
		assertThat(this.classpath.isKnown(env("ROWLIFT_TEST_DB_PREFIX"))).isTrue();
		assertThat(this.classpath.isKnown(env("ROWLIFT_JAR"))).isTrue();
	}

	@Test
	void theStartupCompilationSystemPropertyPasses() {
		// read by io.rowlift.StartupCompilation before Spring starts; a -D of it must not be refused
		assertThat(this.classpath.isKnown(name("rowlift.startup-compilation"))).isTrue();
	}

	/** A value record of a map, as a future rowlift.target.columns.&lt;column&gt;.from. */
	record Column(String from, boolean skip) {
	}

	/** A nested record the metadata leaves as one property. */
	record Progress(java.time.Duration interval, List<String> columns) {
	}

	@Test
	void mapValuedKeysMatchAnyMapKeyFollowedByTheValueRecordsComponents() {
		KnownKeys keys = KnownKeys.of("rowlift", Map.of("rowlift.target.columns",
				"java.util.Map<java.lang.String," + Column.class.getName() + ">", "rowlift.target.table", "java.lang.String",
				"rowlift.job.labels", "java.util.Map<java.lang.String,java.lang.String>", "rowlift.report.progress",
				Progress.class.getName()));
		assertThat(keys.isKnown(name("rowlift.target.columns.full-name.from"))).isTrue();
		assertThat(keys.isKnown(name("rowlift.target.columns[First Name].from"))).isTrue();
		assertThat(keys.isKnown(name("rowlift.target.columns.full-name.skip"))).isTrue();
		assertThat(keys.isKnown(name("rowlift.target.columns.full-name.form"))).isFalse();
		assertThat(keys.nearest(name("rowlift.target.columns.full-name.form"), List.of())).isEqualTo("rowlift.target.columns.full-name.from");
		assertThat(keys.isKnown(name("rowlift.job.labels.team.name"))).as("a map of plain values takes any key").isTrue();
		assertThat(keys.isKnown(name("rowlift.report.progress.interval"))).isTrue();
		assertThat(keys.isKnown(name("rowlift.report.progress.columns[0]"))).isTrue();
		assertThat(keys.isKnown(name("rowlift.report.progress.intervall"))).isFalse();
		assertThat(keys.all()).contains("rowlift.target.columns.<key>.from", "rowlift.report.progress.interval");
	}

	@Test
	void theCheckNamesEveryUnknownKeyAndWhereItCameFrom() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource("--rowlift.job.partition=4",
				"--rowlift.target.table=t"));
		environment.getPropertySources().addLast(new MapPropertySource("mine", Map.of("rowlift.sort.memroy", "1GB")));
		UnknownKeys check = new UnknownKeys(this.classpath);
		assertThatThrownBy(() -> check.check(environment)).isInstanceOfSatisfying(RowliftException.class,
				ex -> assertThat(ex.exitCode()).isEqualTo(RowliftException.BAD_INPUT))
			.hasMessage("unknown settings: rowlift.job.partition (set by the command line (--rowlift.job.partition)); the nearest "
					+ "known key is rowlift.job.partitions; and rowlift.sort.memroy (set by property source 'mine' "
					+ "(rowlift.sort.memroy)); the nearest known key "
					+ "is rowlift.sort.memory. This version of Rowlift has no such key and would otherwise ignore it: fix or "
					+ "remove it");
	}

	@Test
	void withoutMetadataOfItsOwnTheCheckStandsBackRatherThanRefuseEveryKey() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource("--rowlift.job.partitions=4"));
		new UnknownKeys(KnownKeys.of("rowlift", Map.of("rowlift.test", "java.util.Map<java.lang.String,java.lang.String>"))).check(environment);
	}

	@Test
	void knownKeysPass() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource("--rowlift.job.partitions=4",
				"--rowlift.target.table=t", "--spring.datasource.url=jdbc:sqlite:x.db", "--rowlift.test.pause-at=load"));
		new UnknownKeys(this.classpath).check(environment);
	}

}
