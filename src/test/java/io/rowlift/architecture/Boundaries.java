package io.rowlift.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.util.LinkedHashMap;
import java.util.Map;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures;

/**
 * Rowlift's package boundaries as ArchUnit rules, for the classes under one root package
 * ({@code io.rowlift} for the product; another root lets a test show that each rule catches a class
 * that breaks it). Named so that a failure says which boundary broke; each rule says why it exists.
 */
final class Boundaries {

	private final String root;

	Boundaries(String root) {
		this.root = root;
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
		rules.put("the root package depends on no feature package", rootDependsOnNoFeature());
		rules.put("feature packages free of cycles", noCycles());
		rules.put("cli, schedule, cluster and observe above the load service, nothing below it knows them", layers());
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

	/** Outside {@code database}, the vendor packages are reached only through the strategy. */
	ArchRule dialectsOnlyThroughTheStrategy() {
		return noClasses().that()
			.resideOutsideOfPackage(this.root + ".database..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(this.root + ".database.mysql..", this.root + ".database.sqlite..")
			.because("the rest of Rowlift sees a database only as a TargetDialect (issue #11): "
					+ "no 'if (mysql)', and no dialect class named outside the database package");
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

}
