package io.rowlift.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Random;

import org.junit.jupiter.api.Test;

class ZstdValuesTests {

	private static byte[] doc(Random random, int i) {
		StringBuilder text = new StringBuilder("{\n  \"id\": " + i + ",\n  \"name\": \"document " + i + "\",\n  \"tags\": [");
		for (int t = random.nextInt(5); t >= 0; t--) {
			text.append("\"tag").append(random.nextInt(40)).append("\", ");
		}
		return text.append("\"état\"]\n}").toString().getBytes(StandardCharsets.UTF_8);
	}

	@Test
	void aValueCompressedWithATrainedDictionaryDecodesToItsDocumentAndNamesTheDictionary() throws SQLException {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
			Random random = new Random(3);
			DictionaryTraining training = new DictionaryTraining(16_384, 1_000_000);
			for (int i = 0; i < 5000; i++) {
				training.add(doc(random, i));
			}
			byte[] dictionary = training.train();
			int id = ZstdDictionaries.store(c, "BLOB", "docs", dictionary);
			assertThat(ZstdDictionaries.store(c, "BLOB", "docs", dictionary)).as("the next ID").isEqualTo(id + 1);
			ZstdCompression compression = ZstdCompression.untrained(3, java.util.List.of("body")).withDictionary(id, dictionary);
			ValueCompressor compressor = compression.compressor();
			long plain = 0, stored = 0;
			try (ZstdValues values = new ZstdValues(c)) {
				for (int i = 0; i < 200; i++) {
					byte[] document = doc(random, i);
					byte[] value = compressor.compress(document, 0, document.length);
					plain += document.length;
					stored += value.length;
					assertThat(ZstdValues.dictionaryId(value)).isEqualTo(id);
					assertThat(values.decode(value)).isEqualTo(document);
				}
			}
			assertThat(stored).as("stored bytes of %d bytes of small documents", plain).isLessThan(plain / 2);
			compressor.close();
		}
	}

	@Test
	void aFewTinyDocumentsGiveARawDictionaryThatWorksAsWell() throws SQLException {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
			DictionaryTraining training = new DictionaryTraining(16_384, 1_000_000);
			training.add("{}".getBytes(StandardCharsets.UTF_8));
			byte[] dictionary = training.train();
			int id = ZstdDictionaries.store(c, "BLOB", "docs", dictionary);
			ValueCompressor compressor = ZstdCompression.untrained(3, java.util.List.of("body")).withDictionary(id, dictionary).compressor();
			for (String text : new String[] { "", "{}", "中文 😀", "x".repeat(100_000) }) {
				byte[] document = text.getBytes(StandardCharsets.UTF_8);
				assertThat(ZstdValues.decodeText(c, compressor.compress(document, 0, document.length))).isEqualTo(text);
			}
		}
	}

	@Test
	void aValueWithoutRowliftsHeaderOrWithAnUnknownDictionaryIsRefusedSayingWhy() throws SQLException {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
			assertThatThrownBy(() -> ZstdValues.decode(c, "plain text".getBytes(StandardCharsets.US_ASCII)))
				.isInstanceOf(IllegalArgumentException.class)
				.hasMessage("a value of 10 bytes does not start with Rowlift's header ('RZ', version, 0, dictionary ID): it was not "
						+ "stored by rowlift.target.compress=zstd");
			byte[] value = new byte[12];
			ZstdValues.header(value, 7);
			assertThatThrownBy(() -> ZstdValues.decode(c, value)).isInstanceOf(SQLException.class)
				.hasMessage("no table ROWLIFT_ZSTD_DICTIONARIES in this database: the compressed values were loaded into another "
						+ "database; read them with a connection to that one");
			ZstdDictionaries.ensure(c, "BLOB");
			assertThatThrownBy(() -> ZstdValues.decode(c, value)).isInstanceOf(SQLException.class)
				.hasMessage("ROWLIFT_ZSTD_DICTIONARIES has no dictionary 7: the compressed values naming it were loaded into another "
						+ "database, or its row was deleted; read them with a connection to the database they were loaded into");
		}
	}

}
