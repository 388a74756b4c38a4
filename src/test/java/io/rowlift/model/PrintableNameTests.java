package io.rowlift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class PrintableNameTests {

	@Test
	void controlCharactersAreEscapedAndNothingElse() {
		assertThat(PrintableName.of("evil\n12:00:00.000 ERROR Forged\t\u001b[31mred\r.csv"))
			.isEqualTo("evil\\n12:00:00.000 ERROR Forged\\t\\x1b[31mred\\r.csv");
		assertThat(PrintableName.of("a\u0000b\u007fc\u0085d\u2028e\u2029f")).isEqualTo("a\\x00b\\x7fc\\x85d\\u2028e\\u2029f");
		String plain = "/data/Ünïcode names/people 2026 (1).csv";
		assertThat(PrintableName.of(plain)).isSameAs(plain);
		assertThat(PrintableName.of(Path.of("/in/a\nb.csv"))).isEqualTo("/in/a\\nb.csv");
		assertThat(PrintableName.of((String) null)).isNull();
	}

	@Test
	void aLocationPrintsItsFileEscaped() {
		assertThat(new Location("/in/a\nb.csv", 3, 3, 2, 40).toString()).isEqualTo("/in/a\\nb.csv:3:2 (byte 40)");
	}

}
