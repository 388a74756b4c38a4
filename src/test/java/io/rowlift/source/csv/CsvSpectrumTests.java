package io.rowlift.source.csv;

import io.rowlift.source.ByteRange;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import net.minidev.json.parser.JSONParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.rowlift.testsupport.Reads;

/**
 * Tests for {@link CsvHeader}, {@link ByteRangePartitioner} and {@link ByteRangeReader} against the
 * csv-spectrum suite: each fixture under {@code src/test/resources/csv/spectrum} (see its README), read
 * the way a partitioned load reads it, gives the suite's expected records, in order, at every
 * partition count.
 */
class CsvSpectrumTests {

	private static final int[] PARTITIONS = { 1, 2, 3, 5, 8 };

	static Stream<Arguments> fixturesAndPartitions() throws Exception {
		List<String> fixtures = fixtures();
		assertThat(fixtures).as("csv-spectrum fixtures under %s", spectrum().resolve("csvs")).isNotEmpty();
		return fixtures.stream()
			.flatMap(fixture -> IntStream.of(PARTITIONS).mapToObj(partitions -> Arguments.of(fixture, partitions)));
	}

	@ParameterizedTest(name = "{0} in {1} partitions")
	@MethodSource("fixturesAndPartitions")
	void partitionsTogetherReadTheSuitesExpectedRecordsInOrder(String fixture, int partitions) throws Exception {
		Path csv = spectrum().resolve("csvs").resolve(fixture + ".csv");
		Path json = spectrum().resolve("json").resolve(fixture + ".json");
		assertThat(json).as("expected records of %s", fixture).isRegularFile();

		CsvHeader header = CsvHeader.read(csv, fixture + ".csv", CsvFormat.RFC4180);
		assertThat(header.names()).as("header of %s", fixture).doesNotHaveDuplicates();
		List<ByteRange> ranges = new ByteRangePartitioner(csv, header.format(), header.dataStart(), header.dataStartLine(), 2)
			.ranges(partitions);
		assertThat(ranges).hasSize(partitions);

		List<Map<String, String>> actual = new ArrayList<>();
		for (ByteRange range : ranges) {
			for (List<String> record : read(csv, range, fixture, partitions)) {
				actual.add(byName(header.names(), record));
			}
		}

		assertThat(actual).as("records of %s read in %d partitions %s", fixture, partitions, ranges)
			.containsExactlyElementsOf(expected(json, header.names()));
	}

	/** The records of one range; a read that throws fails the case with the fixture, partition count and range named. */
	private static List<List<String>> read(Path csv, ByteRange range, String fixture, int partitions) throws Exception {
		try {
			return Reads.range(csv, CsvFormat.RFC4180, range);
		}
		catch (RuntimeException ex) {
			throw new AssertionError("reading " + fixture + " in " + partitions + " partitions failed at " + range + ": "
					+ ex, ex);
		}
	}

	/** The fixtures' names (without {@code .csv}), sorted. */
	private static List<String> fixtures() throws Exception {
		try (Stream<Path> files = Files.list(spectrum().resolve("csvs"))) {
			return files.map(file -> file.getFileName().toString())
				.filter(name -> name.endsWith(".csv"))
				.map(name -> name.substring(0, name.length() - ".csv".length()))
				.sorted()
				.toList();
		}
	}

	private static Path spectrum() throws URISyntaxException {
		return Path.of(CsvSpectrumTests.class.getResource("/csv/spectrum").toURI());
	}

	/** A record as header name to value; fields beyond the header get a key of their own, so they show up as a difference. */
	private static Map<String, String> byName(List<String> names, List<String> markedFields) {
		Map<String, String> record = new LinkedHashMap<>();
		for (int i = 0; i < markedFields.size(); i++) {
			String name = (i < names.size()) ? names.get(i) : "(field " + (i + 1) + ", beyond the header)";
			record.put(name, unmarked(markedFields.get(i)));
		}
		return record;
	}

	/**
	 * A field of {@link Reads#marked} without the leading {@code "} that marks a quoted field. An unquoted
	 * field never starts with a quote (the parser reads a field that does as quoted), so this is exact.
	 */
	private static String unmarked(String markedField) {
		return markedField.startsWith("\"") ? markedField.substring(1) : markedField;
	}

	/**
	 * The suite's expected records: a JSON array of objects keyed by header name (a single top-level
	 * object counts as one record), values compared as strings, keys ordered as the header for readable
	 * failure messages.
	 */
	private static List<Map<String, String>> expected(Path json, List<String> names) throws Exception {
		Object parsed = new JSONParser(JSONParser.MODE_RFC4627)
			.parse(new String(Files.readAllBytes(json), StandardCharsets.UTF_8));
		List<?> objects = (parsed instanceof List<?> list) ? list : List.of(parsed);
		List<Map<String, String>> records = new ArrayList<>(objects.size());
		for (Object object : objects) {
			assertThat(object).as("an expected record of %s", json.getFileName()).isInstanceOf(Map.class);
			Map<?, ?> fields = (Map<?, ?>) object;
			Map<String, String> record = new LinkedHashMap<>();
			for (String name : names) {
				if (fields.containsKey(name)) {
					record.put(name, asString(fields.get(name)));
				}
			}
			for (String key : fields.keySet().stream().map(String::valueOf).sorted().toList()) {
				record.putIfAbsent(key, asString(fields.get(key)));
			}
			records.add(record);
		}
		return records;
	}

	private static String asString(Object value) {
		return (value != null) ? value.toString() : null;
	}

}
