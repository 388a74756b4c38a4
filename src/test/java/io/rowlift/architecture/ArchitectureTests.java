package io.rowlift.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

import io.rowlift.RowliftApplication;

/**
 * The architecture's boundaries ({@link Boundaries}), checked on Rowlift's main classes in every
 * build (a unit test, so {@code mvn verify} fails when one breaks): reading knows no database,
 * writing knows no file format, the shared model depends on nothing, vendor code only under its
 * dialect, the root package depends on no feature, no cycles between feature packages.
 */
class ArchitectureTests {

	private static final JavaClasses MAIN = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
		.importPackages("io.rowlift");

	@TestFactory
	Stream<DynamicTest> rowliftKeepsItsBoundaries() {
		Map<String, ArchRule> rules = new Boundaries("io.rowlift").all();
		return rules.entrySet().stream().map(rule -> DynamicTest.dynamicTest(rule.getKey(), () -> rule.getValue().check(MAIN)));
	}

	@Test
	void theMainClassesAreThere() {
		assertThat(MAIN.contain(RowliftApplication.class)).isTrue();
		assertThat(MAIN.size()).as("classes imported").isGreaterThan(50);
	}

	/**
	 * The Environment rule's exceptions: a {@code @Configuration} class (and a class nested in it) and an
	 * {@code EnvironmentPostProcessor} below the job may read it ({@code io.rowlift.architecture.good}).
	 */
	@Test
	void configurationClassesAndEnvironmentPostProcessorsMayReadTheEnvironment() {
		JavaClasses good = new ClassFileImporter().importPackages("io.rowlift.architecture.good");
		assertThat(good.size()).as("classes imported").isGreaterThanOrEqualTo(4);
		new Boundaries("io.rowlift.architecture.good").onlyConfigurationReadsTheEnvironment().check(good);
	}

	/** Each rule fails on the classes of {@code io.rowlift.architecture.bad}, which break them all. */
	@TestFactory
	Stream<DynamicTest> everyRuleCatchesAClassThatBreaksIt() {
		JavaClasses bad = new ClassFileImporter().importPackages("io.rowlift.architecture.bad");
		Map<String, ArchRule> rules = new Boundaries("io.rowlift.architecture.bad").all();
		return rules.entrySet()
			.stream()
			.map(rule -> DynamicTest.dynamicTest(rule.getKey(),
					() -> assertThatThrownBy(() -> rule.getValue().check(bad)).isInstanceOf(AssertionError.class)
						.hasMessageContaining("was violated")
						.hasMessageContaining("because")));
	}

}
