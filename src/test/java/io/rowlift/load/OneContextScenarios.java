package io.rowlift.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.context.ConfigurableApplicationContext;

import io.rowlift.RowliftApplication;
import io.rowlift.testsupport.LoadSessions;
import io.rowlift.testsupport.TestTarget;

/**
 * One Spring context, many loads (issue #35 item 1, "one way in"): two requests through one {@link LoadService}, each
 * with its own {@code rowlift.source.*}, {@code rowlift.job.*} and {@code rowlift.sort.*}, in a context whose own
 * settings differ from both (another file and delimiter, one partition, chunks of 5, key order {@code chunk}, one
 * stream, its own read-ahead and sort memory). Each load must use its request's, as the scheduled service's files
 * do: its summary (partitions, chunk size, key order, from the plan stored with the run), the rows (only the
 * request's delimiter parses them) and the job parameters its partitions read their tuning from.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OneContextScenarios {

	private static final int ROWS = 300;

	@TempDir
	Path work;

	abstract TestTarget target();

	@Test
	void eachLoadUsesItsRequestsSettingsNotTheContexts() throws Exception {
		TestTarget target = target();
		target.reset();
		Path first = write("first.csv", ',', 1, false);
		Path second = write("second.csv", ';', ROWS + 1, true);
		Path theContexts = write("context.csv", '|', 2 * ROWS + 1, false);
		List<String> args = new ArrayList<>(target.options());
		// a verb that loads nothing: the context stays up for the test's requests
		args.addAll(List.of("version", "--rowlift.source.path=" + theContexts, "--rowlift.source.delimiter=|",
				"--rowlift.target.table=wide", "--rowlift.job.partitions=1", "--rowlift.job.chunk-size=5",
				"--rowlift.job.read-ahead=1", "--rowlift.sort.key-order=chunk", "--rowlift.sort.streams=1",
				"--rowlift.sort.memory=2MB", "--rowlift.report.progress=none"));
		try (ConfigurableApplicationContext context = new SpringApplication(RowliftApplication.class)
			.run(args.toArray(String[]::new))) {
			LoadService loads = context.getBean(LoadService.class);

			LoadRequest fileOrder = request(Map.of("rowlift.source.path", first.toString(), "rowlift.job.partitions", "3",
					"rowlift.job.chunk-size", "7", "rowlift.job.read-ahead", "0", "rowlift.sort.key-order", "file"));
			LoadResult one = loads.load(fileOrder);
			assertThat(one.exitCode()).as(one.problems().toString()).isZero();
			assertThat(one.summary().partitions()).isEqualTo(3);
			assertThat(one.summary().partitionsReason()).isEqualTo("set by rowlift.job.partitions");
			assertThat(one.summary().chunkSize()).isEqualTo(7);
			assertThat(one.summary().keyOrder()).isEqualTo("FILE");
			assertThat(parameters(target, one.summary().run())).containsEntry("job.read-ahead", "0")
				.containsEntry("sort.memory", String.valueOf(fileOrder.sort().memoryBytes())) // the default, not the context's 2MB
				.doesNotContainEntry("sort.memory", String.valueOf(2L << 20));

			LoadResult two = loads.load(request(Map.of("rowlift.source.path", second.toString(), "rowlift.source.delimiter", ";",
					"rowlift.job.chunk-size", "11", "rowlift.job.read-ahead", "3", "rowlift.sort.key-order", "sort",
					"rowlift.sort.streams", "2", "rowlift.sort.memory", "1MB")));
			assertThat(two.exitCode()).as(two.problems().toString()).isZero();
			assertThat(two.summary().keyOrder()).isEqualTo("SORT");
			assertThat(two.summary().partitions()).isEqualTo(2);
			assertThat(two.summary().partitionsReason()).contains("set by rowlift.sort.streams");
			assertThat(two.summary().chunkSize()).isEqualTo(11);
			assertThat(parameters(target, two.summary().run())).containsEntry("job.read-ahead", "3")
				.containsEntry("sort.memory", String.valueOf(1L << 20));
		}
		List<List<Long>> expected = new ArrayList<>();
		for (long id = 1; id <= 2 * ROWS; id++) {
			expected.add(List.of(id, id * 10, id * 10 + 1));
		}
		assertThat(rows(target)).isEqualTo(expected);
	}

	/** {@code settings} over the defaults, into table {@code ints}, bound as Boot binds them. */
	private static LoadRequest request(Map<String, String> settings) {
		Map<String, String> all = new HashMap<>(settings);
		all.put("rowlift.target.table", "ints");
		all.put("rowlift.report.progress", "none");
		return LoadSessions.request(new Binder(new MapConfigurationPropertySource(all)));
	}

	/** {@link #ROWS} rows of {@code ints} from {@code from} on, with {@code delimiter}; shuffled when asked (key order sort). */
	private Path write(String name, char delimiter, long from, boolean shuffled) throws Exception {
		List<String> lines = new ArrayList<>();
		for (long id = from; id < from + ROWS; id++) {
			lines.add("" + id + delimiter + (id * 10) + delimiter + (id * 10 + 1));
		}
		if (shuffled) {
			Collections.shuffle(lines, new Random(35));
		}
		lines.add(0, "id" + delimiter + "value_1" + delimiter + "value_2");
		return Files.write(this.work.resolve(name), lines);
	}

	/** The job parameters of run {@code run}'s execution, by name. */
	private static Map<String, String> parameters(TestTarget target, long run) throws Exception {
		Map<String, String> parameters = new TreeMap<>();
		try (Connection c = target.connect(); PreparedStatement st = c.prepareStatement("SELECT p.PARAMETER_NAME, p.PARAMETER_VALUE "
				+ "FROM BATCH_JOB_EXECUTION_PARAMS p JOIN BATCH_JOB_EXECUTION e ON e.JOB_EXECUTION_ID = p.JOB_EXECUTION_ID "
				+ "WHERE e.JOB_INSTANCE_ID = ?")) {
			st.setLong(1, run);
			try (ResultSet rs = st.executeQuery()) {
				while (rs.next()) {
					parameters.put(rs.getString(1), rs.getString(2));
				}
			}
		}
		return parameters;
	}

	private static List<List<Long>> rows(TestTarget target) throws Exception {
		List<List<Long>> rows = new ArrayList<>();
		try (Connection c = target.connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT id, value_1, value_2 FROM ints ORDER BY id")) {
			while (rs.next()) {
				rows.add(List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3)));
			}
		}
		return rows;
	}

}
