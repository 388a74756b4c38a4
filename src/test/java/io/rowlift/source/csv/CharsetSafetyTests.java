package io.rowlift.source.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.RowliftException;
import io.rowlift.source.SourceProperties;
import io.rowlift.testsupport.SourceSettings;

/**
 * Which charsets Rowlift reads byte by byte, per family: the facts come from the charsets'
 * definitions (the trailing-byte ranges of the double-byte ones), not from the class under test.
 */
class CharsetSafetyTests {

	/** Double-byte families whose second byte runs over 0x40-0x7E: '|' (0x7C) and '\' (0x5C) occur there. */
	@ParameterizedTest
	@ValueSource(strings = { "Shift_JIS", "windows-31j", "GBK", "GB18030", "Big5", "Big5-HKSCS" })
	void doubleByteFamiliesHidePipeAndBackslashInTheirCharactersButNeverTheCommaQuoteOrLineEnd(String name) {
		Charset charset = Charset.forName(name);
		assertThat(CharsetSafety.asciiCompatible(charset)).isTrue();
		assertThat(CharsetSafety.trailingByte(charset, (byte) '|')).isTrue();
		assertThat(CharsetSafety.trailingByte(charset, (byte) '\\')).isTrue();
		for (char safe : new char[] { ',', '"', '\n', '\r', ';', '\t' }) {
			assertThat(CharsetSafety.trailingByte(charset, (byte) safe)).as("0x%02X", (int) safe).isFalse();
		}
	}

	/** EUC's trailing bytes are 0xA1-0xFE; single-byte charsets have none; UTF-8's are 0x80-0xBF. */
	@ParameterizedTest
	@ValueSource(strings = { "EUC-JP", "EUC-KR", "UTF-8", "ISO-8859-1", "windows-1252", "KOI8-R" })
	void charsetsWhoseCharactersHoldNoAsciiByteAreReadWithAnyDialect(String name) {
		Charset charset = Charset.forName(name);
		assertThat(CharsetSafety.asciiCompatible(charset)).isTrue();
		for (int b = 0; b < 128; b++) {
			assertThat(CharsetSafety.trailingByte(charset, (byte) b)).as("0x%02X", b).isFalse();
		}
		CsvFormat format = CsvFormat.of(settings(name, "|", "\\"));
		assertThat(format.charset()).isEqualTo(charset);
	}

	@ParameterizedTest
	@CsvSource({ "Shift_JIS,|,,delimiter '|' (0x7C)", "GBK,',',\\,escape '\\' (0x5C)", "Big5,^,,delimiter '^' (0x5E)" })
	void aDialectByteACharacterCanHoldIsRefusedNamingTheCharsetTheByteAndTheConversion(String name, String delimiter,
			String escape, String named) {
		assertThatThrownBy(() -> CsvFormat.of(settings(name, delimiter, escape == null ? "" : escape)))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessageContaining("rowlift.source.encoding is " + Charset.forName(name).name()
					+ ", whose multi-byte characters can hold the byte of rowlift.source." + named + " after their first byte")
			.hasMessageContaining("convert the file to UTF-8 (iconv -f " + Charset.forName(name).name()
					+ " -t UTF-8 file.csv > file.utf8.csv)");
	}

	/** Issue #21 item 5: read through their UTF-8 copy (TranscodedBytes), values decoded as UTF-8. */
	@ParameterizedTest
	@ValueSource(strings = { "UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "UTF-32LE", "UTF-32BE" })
	void utf16AndUtf32AreAcceptedAndTheirValuesAreUtf8(String name) {
		CsvFormat format = CsvFormat.of(SourceSettings.of("file.csv", "encoding", name, "delimiter", "|", "escape", "\\",
				"null-value", "ø"));
		assertThat(format.charset()).isEqualTo(Charset.forName(name));
		assertThat(format.valueCharset()).isEqualTo(StandardCharsets.UTF_8);
		assertThat(format.nullValue()).isEqualTo("ø".getBytes(StandardCharsets.UTF_8));
	}

	@ParameterizedTest
	@ValueSource(strings = { "IBM037", "IBM500" })
	void ebcdicCharsetsAreRefusedWithTheConversion(String name) {
		assertThatThrownBy(() -> CsvFormat.of(settings(name, ",", "")))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessageContaining("which is not ASCII-compatible")
			.hasMessageContaining("iconv -f " + Charset.forName(name).name() + " -t UTF-8 file.csv > file.utf8.csv");
	}

	@ParameterizedTest
	@ValueSource(strings = { "UTF-8" })
	void theDefaultDialectInUtf8IsAccepted(String name) {
		assertThat(CsvFormat.of(settings(name, ",", "")).charset()).isEqualTo(StandardCharsets.UTF_8);
	}

	private static SourceProperties settings(String charset, String delimiter, String escape) {
		return SourceSettings.of("file.csv", "encoding", charset, "delimiter", delimiter, "escape", escape);
	}

}
