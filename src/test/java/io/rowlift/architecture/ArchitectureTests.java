package io.rowlift.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

import io.rowlift.RowliftApplication;
import io.rowlift.database.TargetDialects;
import io.rowlift.database.WriteMethod;

/**
 * The architecture's boundaries ({@link Boundaries}), checked on Rowlift's main classes in every
 * build (a unit test, so {@code mvn verify} fails when one breaks): reading knows no database,
 * writing knows no file format, the shared model depends on nothing, vendor code only under its
 * dialect, generic code names no vendor's write method, the root package depends on no feature, no cycles
 * between feature packages.
 */
class ArchitectureTests {

	private static final JavaClasses MAIN = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
		.importPackages("io.rowlift");

	@TestFactory
	Stream<DynamicTest> rowliftKeepsItsBoundaries() {
		Map<String, ArchRule> rules = new Boundaries("io.rowlift", spellings(vendorWriteMethods())).all();
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
		new Boundaries("io.rowlift.architecture.good", Set.of()).onlyConfigurationReadsTheEnvironment().check(good);
	}

	/**
	 * The write methods the rule on their spelling looks for are every one the dialects offer: found as the
	 * main classes' {@code WriteMethod} constants, so that a new dialect's are found without a change there
	 * (here, its URL joins the list the constants are checked against).
	 */
	@Test
	void theVendorWriteMethodsAreEveryOneTheDialectsOffer() {
		Set<WriteMethod> offered = new HashSet<>();
		offered.addAll(TargetDialects.forUrl("jdbc:sqlite:people.db").writing().methods());
		offered.addAll(TargetDialects.forUrl("jdbc:mysql://localhost:3306/people").writing().methods());
		assertThat(vendorWriteMethods()).isEqualTo(offered).isNotEmpty();
		assertThat(spellings(Set.of(WriteMethod.valueOf("load-data")))).containsExactlyInAnyOrder("load-data", "LOAD_DATA");
	}

	/**
	 * The {@code static} {@code WriteMethod} constants of the main classes but {@code AUTO} and {@code INSERT}: the
	 * dialects' (a generic class may hold no other, by the rule "only a dialect names its write methods").
	 */
	private static Set<WriteMethod> vendorWriteMethods() {
		Set<WriteMethod> methods = new HashSet<>();
		for (JavaClass type : MAIN) {
			for (JavaField field : type.getFields()) {
				if (field.getModifiers().contains(JavaModifier.STATIC) && field.getRawType().isEquivalentTo(WriteMethod.class)) {
					Field reflected = field.reflect();
					reflected.setAccessible(true);
					try {
						methods.add((WriteMethod) reflected.get(null));
					}
					catch (IllegalAccessException ex) {
						throw new IllegalStateException("cannot read " + field.getFullName(), ex);
					}
				}
			}
		}
		methods.remove(WriteMethod.AUTO);
		methods.remove(WriteMethod.INSERT);
		return methods;
	}

	/** Each method as the setting names it ({@code load-data}) and as job parameters hold it ({@code LOAD_DATA}). */
	private static Set<String> spellings(Set<WriteMethod> methods) {
		Set<String> spellings = new HashSet<>();
		methods.forEach(method -> {
			spellings.add(method.setting());
			spellings.add(method.name());
		});
		return spellings;
	}

	/** Each rule fails on the classes of {@code io.rowlift.architecture.bad}, which break them all. */
	@TestFactory
	Stream<DynamicTest> everyRuleCatchesAClassThatBreaksIt() {
		JavaClasses bad = new ClassFileImporter().importPackages("io.rowlift.architecture.bad");
		Map<String, ArchRule> rules = new Boundaries("io.rowlift.architecture.bad", Set.of("load-data", "LOAD_DATA")).all();
		return rules.entrySet()
			.stream()
			.map(rule -> DynamicTest.dynamicTest(rule.getKey(),
					() -> assertThatThrownBy(() -> rule.getValue().check(bad)).isInstanceOf(AssertionError.class)
						.hasMessageContaining("was violated")
						.hasMessageContaining("because")));
	}

}
