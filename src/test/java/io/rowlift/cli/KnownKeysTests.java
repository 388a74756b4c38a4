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
				SchemaProperties.class, SortProperties.class, io.rowlift.infer.InferProperties.class)) {
			String prefix = type.getAnnotation(ConfigurationProperties.class).value();
			for (RecordComponent component : type.getRecordComponents()) {
				String key = prefix + "." + KeyPatterns.dashed(component.getName());
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
		assertThat(this.classpath.isKnown(name("rowlift.cluster.role"))).as("remote partitioning is built").isTrue();
		assertThat(this.classpath.isKnown(name("rowlift.target.partition-by"))).as("partitioned tables are not").isFalse();
		assertThat(this.classpath.nearest(name("rowlift.target.partition-by"), UnknownKeys.RESERVED)).doesNotStartWith("rowlift.test");
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

	// issue #20 item 5: Boot's keys that decide where a load goes, and near misses of the prefixes

	private final UnknownKeys all = UnknownKeys.fromClasspath(getClass().getClassLoader());

	private static StandardEnvironment commandLine(String... args) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource(args));
		return environment;
	}

	@Test
	void aMisspeltDataSourceFlywayOrBatchKeyIsRefusedWithTheNearestKeyOfBoot() {
		assertThatThrownBy(() -> this.all.check(commandLine("--spring.datasource.ulr=jdbc:mysql://127.0.0.1:3306/db",
				"--rowlift.target.table=t")))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(RowliftException.BAD_INPUT))
			.hasMessage("unknown setting spring.datasource.ulr (set by the command line (--spring.datasource.ulr)); the nearest "
					+ "known key is spring.datasource.url. This version of Rowlift has no such key and would otherwise ignore it: "
					+ "fix or remove it");
		assertThatThrownBy(() -> this.all.check(commandLine("--spring.flyway.locaitons=filesystem:db")))
			.hasMessageContaining("spring.flyway.locaitons (set by the command line (--spring.flyway.locaitons)); the nearest "
					+ "known key is spring.flyway.locations");
		assertThatThrownBy(() -> this.all.check(commandLine("--spring.batch.jdbc.table-prefx=X_")))
			.hasMessageContaining("the nearest known key is spring.batch.jdbc.table-prefix");
	}

	@Test
	void aNearMissOfAPrefixIsRefusedWithTheNearestKey() {
		assertThatThrownBy(() -> this.all.check(commandLine("--rowlif.job.partitions=4")))
			.hasMessageContaining("unknown setting rowlif.job.partitions (set by the command line (--rowlif.job.partitions)); "
					+ "the nearest known key is rowlift.job.partitions");
		assertThatThrownBy(() -> this.all.check(commandLine("--rowlfit.target.table=people")))
			.hasMessageContaining("the nearest known key is rowlift.target.table");
		assertThatThrownBy(() -> this.all.check(commandLine("--spring.datasorce.url=jdbc:mysql://h/db")))
			.hasMessageContaining("the nearest known key is spring.datasource.url");
		assertThatThrownBy(() -> this.all.check(commandLine("--spring.profile.active=mysql")))
			.hasMessageContaining("the nearest known key is spring.profiles.active");
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().replace("systemEnvironment", new org.springframework.core.env.SystemEnvironmentPropertySource("systemEnvironment",
				Map.of("ROWLIF_JOB_PARTITIONS", "4")));
		assertThatThrownBy(() -> this.all.check(environment))
			.hasMessageContaining("unknown setting rowlif.job.partitions (set by ")
			.hasMessageContaining("(ROWLIF_JOB_PARTITIONS)); the nearest known key is rowlift.job.partitions");
	}

	@Test
	void everyKeyBootBindsUnderThosePrefixesPassesFromAnySource() {
		this.all.check(commandLine("--spring.datasource.url=jdbc:mysql://h/db", "--spring.datasource.username=u",
				"--spring.datasource.password=p", "--spring.datasource.driver-class-name=org.mariadb.jdbc.Driver",
				"--spring.datasource.hikari.maximum-pool-size=30", "--spring.datasource.hikari.minimum-idle=1",
				"--spring.datasource.hikari.data-source-properties.cachePrepStmts=true", "--spring.flyway.locations=filesystem:x",
				"--spring.flyway.enabled=false", "--spring.flyway.baseline-on-migrate=true", "--spring.flyway.placeholders.owner=me",
				"--spring.batch.job.enabled=false", "--spring.batch.jdbc.initialize-schema=never",
				"--spring.batch.jdbc.table-prefix=BATCH_", "--spring.batch.jdbc.isolation-level-for-create=read-committed",
				"--spring.profiles.active=mysql", "--spring.profiles.group.prod=mysql", "--spring.main.banner-mode=off",
				"--spring.config.additional-location=x/", "--logging.level.root=WARN", "--management.server.port=8081",
				"--server.port=0", "--rowlift.target.table=t"));
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().replace("systemEnvironment", new org.springframework.core.env.SystemEnvironmentPropertySource("systemEnvironment",
				Map.of("SPRING_DATASOURCE_URL", "jdbc:mysql://h/db", "SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE", "30",
						"SPRING_FLYWAY_LOCATIONS", "filesystem:x", "SPRING_PROFILES_ACTIVE", "mysql", "ROWLIFT_JOB_SKIPLIMIT", "3")));
		this.all.check(environment);
	}

	@Test
	void noGroupOfBootsOwnKeysIsANearMissOfACheckedPrefix() {
		List<KnownKeys> checked = KnownKeys.fromClasspath(List.of("rowlift", "spring.datasource", "spring.flyway", "spring.batch",
				"spring.profiles"), getClass().getClassLoader());
		List<String> everyKey = KnownKeys.fromClasspath(List.of("spring", "management", "server", "logging", "info", "debug", "trace"),
				getClass().getClassLoader()).stream().flatMap(k -> k.all().stream()).toList();
		assertThat(everyKey).hasSizeGreaterThan(1000).contains("spring.datasource.hikari.maximum-pool-size");
		for (String key : everyKey) {
			ConfigurationPropertyName name = name(key.replace("<key>", "x").replace("[]", ""));
			for (KnownKeys keys : checked) {
				assertThat(keys.isNearMiss(name)).as("%s near %s", key, keys.prefix()).isFalse();
			}
		}
	}


	@Test
	void aMetadataFileIsParsedWhenItNamesAnyPrefixAnywhere() {
		byte[][] needles = { quoted("\"rowlift"), quoted("\"spring.flyway") };
		assertThat(ConfigurationMetadata.containsAny(quoted("{\"name\": \"rowlift.job.partitions\"}"), needles)).isTrue();
		assertThat(ConfigurationMetadata.containsAny(quoted("{\"name\": \"spring.flyway.locations\"}"), needles)).isTrue();
		assertThat(ConfigurationMetadata.containsAny(quoted("\"spring.flyway"), needles)).as("at the very end").isTrue();
		assertThat(ConfigurationMetadata.containsAny(quoted("{\"name\": \"spring.flyway"), needles)).isTrue();
		assertThat(ConfigurationMetadata.containsAny(quoted("{\"name\": \"spring.flywa"), needles)).as("cut short").isFalse();
		assertThat(ConfigurationMetadata.containsAny(quoted("{\"name\": \"spring.datasource.url\", \"x\": \"a rowlift\"}"), needles))
			.as("a prefix not after a quote").isFalse();
		assertThat(ConfigurationMetadata.containsAny(quoted(""), needles)).isFalse();
		assertThat(ConfigurationMetadata.containsAny(quoted("\""), needles)).isFalse();
	}

	private static byte[] quoted(String text) {
		return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
	}

}
