package io.rowlift.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.Architectures;

/**
 * Rowlift's package boundaries as ArchUnit rules, for the classes under one root package
 * ({@code io.rowlift} for the product; another root lets a test show that each rule catches a class
 * that breaks it). Named so that a failure says which boundary broke; each rule says why it exists.
 */
final class Boundaries {

	private final String root;

	private final Set<String> vendorWriteMethods;

	/**
	 * @param root the root package of the classes the rules are checked on
	 * @param vendorWriteMethods the write methods the vendor packages offer, each as the setting names it
	 *     ({@code load-data}) and as job parameters hold it ({@code LOAD_DATA}): the values no generic class may spell
	 */
	Boundaries(String root, Set<String> vendorWriteMethods) {
		this.root = root;
		this.vendorWriteMethods = Set.copyOf(vendorWriteMethods);
	}

	/** Every rule, by name, in a stable order. */
	Map<String, ArchRule> all() {
		Map<String, ArchRule> rules = new LinkedHashMap<>();
		rules.put("reading knows no database", readingKnowsNoDatabase());
		rules.put("writing knows no file format", writingKnowsNoFileFormat());
		rules.put("mapping knows no sink", mappingKnowsNoSink());
		rules.put("inferring a table knows no database", inferringKnowsNoDatabase());
		rules.put("only an input format's package knows the format", onlyTheFormatKnowsTheFormat());
		rules.put("input formats know no other format", formatsKnowNoOtherFormat());
		rules.put("the shared model depends on nothing", modelDependsOnNothing());
		rules.put("MySQL code only under database.mysql", vendorOnlyUnderItsDialect("com.mysql..", "database.mysql"));
		rules.put("SQLite code only under database.sqlite", vendorOnlyUnderItsDialect("org.sqlite..", "database.sqlite"));
		rules.put("dialects only through TargetDialect", dialectsOnlyThroughTheStrategy());
		rules.put("only a dialect names its write methods", writeMethodsNamedOnlyByTheirDialects());
		rules.put("generic code spells no vendor's write method", writeMethodsSpelledOnlyByTheirDialects());
		rules.put("the root package depends on no feature package", rootDependsOnNoFeature());
		rules.put("feature packages free of cycles", noCycles());
		rules.put("cli, schedule, cluster and observe above the load service, nothing below it knows them", layers());
		rules.put("cli, schedule and observe reach below the load service only for the model, reports, infer and settings",
				entryPointsGoThroughTheLoad());
		rules.put("the job reads no Environment", jobReadsNoEnvironment());
		rules.put("at and below the job only @Configuration classes and EnvironmentPostProcessors read the Environment",
				onlyConfigurationReadsTheEnvironment());
		rules.put("a verb reads no Environment", verbsReadNoEnvironment());
		return rules;
	}

	/** {@code source} reads files: no database, no JDBC. */
	ArchRule readingKnowsNoDatabase() {
		return noClasses().that()
			.resideInAPackage(this.root + ".source..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(this.root + ".database..", "java.sql..", "javax.sql..", "org.springframework.jdbc..",
					"com.zaxxer.hikari..", "com.mysql..", "org.sqlite..")
			.because("reading knows no database (issue #11): pass what the reader needs as plain values, "
					+ "and let the job or the database package do the database part");
	}

	/**
	 * {@code database.mapping} says which field goes into which column and binds values into a {@code ValueSink}:
	 * it knows none of the sinks, the bisection or the rejects of {@code database.write}, which use it.
	 */
	ArchRule mappingKnowsNoSink() {
		return noClasses().that()
			.resideInAPackage(this.root + ".database.mapping..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage(this.root + ".database.write..")
			.because("mapping knows no sink (issue #35): a binder binds into the ValueSink it is given; "
					+ "what a sink needs of the mapping belongs in the mapping's public methods, not the other way round");
	}

	/**
	 * {@code infer} reads a file and writes migration files: no database connection, no dialect, no
	 * Flyway (it finds the versions there are by reading the migrations folders).
	 */
	ArchRule inferringKnowsNoDatabase() {
		return noClasses().that()
			.resideInAPackage(this.root + ".infer..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(this.root + ".database..", this.root + ".job..", this.root + ".schema..", "java.sql..",
					"javax.sql..", "org.springframework.jdbc..", "com.zaxxer.hikari..", "com.mysql..", "org.sqlite..",
					"org.flywaydb..")
			.because("infer touches no database (issue #22): it reads the whole file and writes the migrations; "
					+ "its SQL types live in its own small classes per database, not in TargetDialect");
	}

	/** {@code database} writes rows: no file format, no parser. */
	ArchRule writingKnowsNoFileFormat() {
		return noClasses().that()
			.resideInAPackage(this.root + ".database..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage(this.root + ".source..")
			.because("writing knows no file format (issue #11): the writer gets records and locations "
					+ "from the shared model; what it needs of the file belongs in the model or in the job");
	}

	/**
	 * An input format's classes live in a package of its own under {@code source} ({@code source.csv});
	 * the rest of Rowlift reaches it through the seam, {@code source.InputFormat} and {@code InputSource},
	 * and only the seam's registry, {@code source.InputFormats}, names a format. One declared exception:
	 * {@code job.spring}, the Spring Batch pipeline, reads CSV itself through a {@code FlatFileItemReader};
	 * the load takes it only for formats that declare {@code InputCapability.SPRING_PIPELINE} (exit 2 else).
	 * {@code infer} reads through the seam like a load.
	 */
	ArchRule onlyTheFormatKnowsTheFormat() {
		return noClasses().that()
			.resideOutsideOfPackages(this.root + ".source.*..", this.root + ".job.spring..")
			.and()
			.doNotHaveFullyQualifiedName(this.root + ".source.InputFormats")
			.should()
			.dependOnClassesThat()
			.resideInAPackage(this.root + ".source.*..")
			.because("only the format's classes know a format (issue #21): the job, the sort, the writers, the reports "
					+ "and the progress codec see an input through InputFormat and InputSource (units, readers, positions, "
					+ "locators, progress); add what they need to the seam and implement it in the format's package");
	}

	/** Each format's package ({@code source.csv}, ...) is independent of the others. */
	ArchRule formatsKnowNoOtherFormat() {
		return slices().matching(this.root + ".source.(*)..")
			.namingSlices("format $1")
			.should()
			.notDependOnEachOther()
			.because("a format is one implementation of the input seam (issue #21): what two formats share belongs "
					+ "in the seam (source) or in the model");
	}

	/** {@code model} is shared by everyone, so it depends on the JDK alone. */
	ArchRule modelDependsOnNothing() {
		return classes().that()
			.resideInAPackage(this.root + ".model..")
			.should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage(this.root + ".model..", "java..")
			.because("the shared model depends on nothing of ours and on no framework (issue #11): "
					+ "move the code that needs more into the package that uses it");
	}

	/** A vendor's driver classes are used only in its dialect's package. */
	ArchRule vendorOnlyUnderItsDialect(String vendorPackages, String dialectPackage) {
		return noClasses().that()
			.resideOutsideOfPackage(this.root + "." + dialectPackage + "..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage(vendorPackages)
			.because("vendor code lives only under its dialect (issue #11): add what is needed to the "
					+ "TargetDialect strategy and implement it in " + dialectPackage);
	}

	/**
	 * The vendor packages are reached only through the strategy: outside them, only {@code TargetDialects}, which
	 * registers them, names a class of theirs; the generic {@code database} code, like the rest, asks a
	 * {@code TargetDialect} and its roles.
	 */
	ArchRule dialectsOnlyThroughTheStrategy() {
		return noClasses().that()
			.resideOutsideOfPackages(vendorPackages())
			.and()
			.doNotHaveFullyQualifiedName(this.root + ".database.TargetDialects")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(vendorPackages())
			.because("the rest of Rowlift sees a database only as a TargetDialect and its roles (issues #11, #35): "
					+ "no 'if (mysql)', and no dialect class named outside its package but where TargetDialects registers it");
	}

	/**
	 * A write method is named ({@code WriteMethod.valueOf}) only by the dialect that offers it, and by the codecs
	 * that read one back from a stored plan or a run's job parameters; the generic code asks the dialect what a
	 * method does ({@code WritePaths.path}) and never compares with a vendor's method, nor reads a constant of
	 * {@code WriteMethod} but {@code AUTO} and {@code INSERT} (the enum it replaced had {@code LOAD_DATA} and the
	 * others, which generic classes compared with).
	 */
	ArchRule writeMethodsNamedOnlyByTheirDialects() {
		return noClasses().that()
			.resideOutsideOfPackages(vendorPackages())
			.and()
			.doNotHaveFullyQualifiedName(this.root + ".database.WriteMethod")
			.and()
			.doNotHaveFullyQualifiedName(this.root + ".job.StoredPlanReader")
			.and()
			.doNotHaveFullyQualifiedName(this.root + ".job.RunPlanParameters")
			.should()
			.callMethod(this.root + ".database.WriteMethod", "valueOf", String.class.getName())
			.orShould()
			.accessFieldWhere(DescribedPredicate.describe("a constant of WriteMethod other than AUTO and INSERT",
					access -> access.getTargetOwner().getFullName().equals(this.root + ".database.WriteMethod")
							&& access.getTarget().getName().matches("[A-Z][A-Z0-9_]*")
							&& !access.getTarget().getName().equals("AUTO") && !access.getTarget().getName().equals("INSERT")))
			.because("generic code never names a vendor's write method (issue #35): ask the dialect's WritePaths "
					+ "(methods, choose, path) what a method does, and name the method in the dialect's package");
	}

	/**
	 * The rule above sees calls and constants of {@code WriteMethod}; this one sees the literals: no generic class
	 * holds a string constant that is a vendor's write method ({@code "LOAD_DATA"}, {@code "insert-select"}), as
	 * a {@code switch} on a stored method's name would (the summary line had one). Exact values only: a message
	 * that mentions {@code load-data} among other words is a longer constant, and allowed.
	 */
	ArchRule writeMethodsSpelledOnlyByTheirDialects() {
		return classes().that()
			.resideOutsideOfPackages(vendorPackages())
			.and()
			.resideInAPackage(this.root + "..")
			.should(new ArchCondition<JavaClass>("hold no string constant that is a vendor's write method " + new TreeSet<>(this.vendorWriteMethods)) {
				@Override
				public void check(JavaClass type, ConditionEvents events) {
					for (String constant : StringConstants.of(type)) {
						if (Boundaries.this.vendorWriteMethods.contains(constant)) {
							events.add(SimpleConditionEvent.violated(type,
									type.getName() + " holds the string constant \"" + constant + "\" in (" + type.getSimpleName() + ".java:0)"));
						}
					}
				}
			})
			.because("generic code never names a vendor's write method (issue #35), not even as text: what a method does "
					+ "and how the summary names it is the dialect's WritePath (WritePaths.path), which the caller asks");
	}

	/** The dialects' packages, one per database. */
	private String[] vendorPackages() {
		return new String[] { this.root + ".database.mysql..", this.root + ".database.sqlite.." };
	}

	/** The application class and the shared exception sit above every feature. */
	ArchRule rootDependsOnNoFeature() {
		return noClasses().that()
			.resideInAPackage(this.root)
			.should()
			.dependOnClassesThat()
			.resideInAPackage(this.root + ".*..")
			.because("the root package is what every feature may use (RowliftException) and what starts "
					+ "them all (RowliftApplication, found by Boot's scan): a dependency from it to a feature "
					+ "makes a cycle (issue #11); let Boot find the feature's beans instead");
	}

	/** No two feature packages need each other. */
	ArchRule noCycles() {
		return slices().matching(this.root + ".(*)..")
			.namingSlices("$1")
			.should()
			.beFreeOfCycles()
			.because("feature packages form layers (issue #11): break a cycle by moving the shared "
					+ "part into the model or into the package that uses both");
	}

	/**
	 * The layers of a load (issue #23): the command line on top; the scheduled service, the cluster's
	 * manager and worker ({@code cluster}) and the observability under it; the load service ({@code load})
	 * under them; everything else (the job, the schema, the database, the input, the reports, the model) below. A layer uses only the layers under
	 * it, so the service can get other callers (a manager, a remote worker) without the command line.
	 */
	ArchRule layers() {
		String cli = this.root + ".cli..";
		String schedule = this.root + ".schedule..";
		String observe = this.root + ".observe..";
		String cluster = this.root + ".cluster..";
		String load = this.root + ".load..";
		return Architectures.layeredArchitecture()
			.consideringOnlyDependenciesInLayers()
			.withOptionalLayers(true)
			.layer("cli").definedBy(cli)
			.layer("observe").definedBy(observe)
			.layer("schedule").definedBy(schedule)
			.layer("cluster").definedBy(cluster)
			.layer("load").definedBy(load)
			.layer("below").definedBy(resideInAPackage(this.root + "..").and(not(resideInAnyPackage(cli, schedule, observe, cluster, load))))
			.whereLayer("observe").mayOnlyAccessLayers("schedule", "cluster", "load", "below")
			.whereLayer("schedule").mayOnlyAccessLayers("load", "below")
			.whereLayer("cluster").mayOnlyAccessLayers("load", "below")
			.whereLayer("load").mayOnlyAccessLayers("below")
			.whereLayer("below").mayOnlyAccessLayers("below")
			.because("the load is a service its callers share (issue #23): the command line, the scheduled service, "
					+ "the cluster and the observability call it; it, and the job, schema and database under it, know none of them: "
					+ "pass what they need in the LoadRequest, or return it in the LoadResult");
	}

	/**
	 * One way in (issue #35): the command line, the scheduled service and the observability reach what is
	 * under them through the load service ({@code load}: loads, status, index restore). Besides it they may
	 * use the root package (the shared exception, the setting origins), each other (the layer rule orders
	 * them), the shared model, the reports ({@code report}: summaries, reject files, the progress display),
	 * {@code infer} (a verb of its own, that knows no database), the cluster's entry classes (the role and
	 * the worker service the command line starts) and the features' typed settings: a record annotated with
	 * {@code @ConfigurationProperties}, and the types nested in it. Not the job, the schema, the database or
	 * the input: what they offer an entry point becomes a service or a value of {@code load}.
	 */
	ArchRule entryPointsGoThroughTheLoad() {
		String[] allowed = { this.root, this.root + ".cli..", this.root + ".schedule..", this.root + ".observe..",
				this.root + ".load..", this.root + ".model..", this.root + ".report..", this.root + ".infer.." };
		Set<String> clusterEntries = Set.of(this.root + ".cluster.ClusterRole", this.root + ".cluster.WorkerService");
		DescribedPredicate<JavaClass> clusterEntry = DescribedPredicate
			.describe("the cluster's entry classes " + clusterEntries, (JavaClass type) -> clusterEntries
				.contains(topLevel(type).getName()));
		DescribedPredicate<JavaClass> settings = DescribedPredicate.describe("a feature's @ConfigurationProperties record",
				(JavaClass type) -> topLevel(type).isRecord() && topLevel(type).getSimpleName().endsWith("Properties")
						&& topLevel(type)
							.isAnnotatedWith("org.springframework.boot.context.properties.ConfigurationProperties"));
		return noClasses().that()
			.resideInAnyPackage(this.root + ".cli..", this.root + ".schedule..", this.root + ".observe..")
			.should()
			.dependOnClassesThat(resideInAPackage(this.root + "..").and(not(resideInAnyPackage(allowed)))
				.and(not(clusterEntry))
				.and(not(settings))
				.as("are below the load service and are not the model, report, infer, the cluster's entry classes "
						+ "or the features' settings records"))
			.because("there is one way in (issue #35): an entry point asks the load layer (LoadService, StatusService, "
					+ "RebuildIndexesService, IndexRestore, TargetDatabase, ...) and gets values back; besides load it may use "
					+ "the root package, the model, report, infer, the cluster's ClusterRole and WorkerService and the features' "
					+ "@ConfigurationProperties records; what it needs of the job, the schema, the database or the input "
					+ "becomes a service or a value in load, not an import of the layer under it");
	}

	/**
	 * The job gets its settings as typed records (issue #35): the load's through the {@code LoadRequest}, the
	 * process's ({@code spring.datasource.*}, {@code spring.batch.jdbc.*}, {@code spring.flyway.table},
	 * {@code rowlift.schema.*}, ...) as records Boot binds, so that what a load does can be read from what it is given.
	 */
	ArchRule jobReadsNoEnvironment() {
		return noClasses().that()
			.resideInAPackage(this.root + ".job..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.core.env..")
			.because("the job reads no Environment and no getProperty (issue #35): add the setting to a typed "
					+ "@ConfigurationProperties record, and pass a load's settings in the LoadRequest");
	}

	/**
	 * A verb of the command line ({@code cli}'s {@code *Command} classes) reads no {@code Environment} (issue #35):
	 * its settings come as typed records, or as values of the load layer, from {@code CliConfiguration}, which
	 * wires them. A setting a verb read by its name would be missed by the unknown-key check's typos and by a test
	 * that gives the verb its records.
	 */
	ArchRule verbsReadNoEnvironment() {
		return noClasses().that()
			.resideInAPackage(this.root + ".cli..")
			.and()
			.haveSimpleNameEndingWith("Command")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.core.env..")
			.because("a verb reads no Environment and no getProperty (issue #35): take the setting as a typed "
					+ "@ConfigurationProperties record (or a value of the load layer, as MigrationLocations) from "
					+ "CliConfiguration");
	}

	/**
	 * Nothing at or below the job reads Spring's {@code Environment} (issue #35, "one way in"): a setting reaches
	 * {@code job}, {@code database}, {@code schema}, {@code load}, {@code source}, {@code progress}, {@code sort} and
	 * {@code infer} as a typed
	 * {@code @ConfigurationProperties} record, a load's in its {@code LoadRequest}. Two kinds of class may still read
	 * it, because they need what no record holds, where a setting came from (the property source that set the URL,
	 * the active profiles) or the environment itself: a {@code @Configuration} class, which wires the beans, and an
	 * {@code EnvironmentPostProcessor}, which adds to the environment before the context starts; their nested
	 * classes count as theirs. The whole of {@code org.springframework.core.env} counts ({@code Environment},
	 * {@code PropertyResolver}, the property sources), so a plain class cannot walk the property sources instead.
	 */
	ArchRule onlyConfigurationReadsTheEnvironment() {
		DescribedPredicate<JavaClass> wiring = DescribedPredicate.describe(
				"@Configuration classes and EnvironmentPostProcessors (and the classes nested in them)",
				(JavaClass type) -> topLevel(type).isAnnotatedWith("org.springframework.context.annotation.Configuration")
						|| topLevel(type).isAssignableTo("org.springframework.boot.EnvironmentPostProcessor"));
		return noClasses().that()
			.resideInAnyPackage(this.root + ".job..", this.root + ".database..", this.root + ".schema..", this.root + ".load..",
					this.root + ".source..", this.root + ".progress..", this.root + ".sort..", this.root + ".infer..")
			.and(not(wiring))
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.core.env..")
			.because("nothing at or below the job reads the Environment or getProperty (issue #35): take the setting as a "
					+ "typed @ConfigurationProperties record (a load's in the LoadRequest); only a @Configuration class or an "
					+ "EnvironmentPostProcessor may look at the Environment itself, for where a setting came from, and passes "
					+ "on what it found as a value");
	}

	private static JavaClass topLevel(JavaClass type) {
		JavaClass outer = type;
		while (outer.getEnclosingClass().isPresent()) {
			outer = outer.getEnclosingClass().get();
		}
		return outer;
	}

}
