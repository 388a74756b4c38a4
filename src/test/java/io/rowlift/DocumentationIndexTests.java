package io.rowlift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * README's documentation table against the {@code docs} folder (issue #35 item 6): every page is
 * listed, every listed page exists, and the benchmarks page stays one page of current results
 * (its history lives under {@code docs/bench-logs}).
 */
class DocumentationIndexTests {

	private static final Path README = Path.of("README.md");

	private static final Path DOCS = Path.of("docs");

	private static final Pattern TABLE_LINK = Pattern.compile("^\\| \\[docs/([^\\]]+\\.md)\\]\\(docs/\\1\\)", Pattern.MULTILINE);

	@Test
	void readmeListsEveryPageOfDocsAndNothingThatIsNotThere() throws IOException {
		Set<String> listed = listedInReadme();
		Set<String> pages = pagesInDocs();
		assertThat(listed).as("pages README's documentation table links").containsExactlyInAnyOrderElementsOf(pages);
	}

	@Test
	void theBenchmarksPageIsCurrentResultsNotTheNotebook() throws IOException {
		long size = Files.size(DOCS.resolve("benchmarks.md"));
		assertThat(size).as("docs/benchmarks.md bytes (history goes to docs/bench-logs)").isLessThanOrEqualTo(40 * 1024);
		for (String log : logsNamedIn(Files.readString(DOCS.resolve("benchmarks.md")))) {
			assertThat(DOCS.resolve("bench-logs").resolve(log)).as("log named by docs/benchmarks.md").exists();
		}
	}

	private static Set<String> listedInReadme() throws IOException {
		String readme = Files.readString(README);
		String table = readme.substring(readme.indexOf("## Documentation"));
		Set<String> listed = new TreeSet<>();
		Matcher matcher = TABLE_LINK.matcher(table);
		while (matcher.find()) {
			listed.add(matcher.group(1));
		}
		return listed;
	}

	private static Set<String> pagesInDocs() throws IOException {
		try (Stream<Path> files = Files.list(DOCS)) {
			return files.map(file -> file.getFileName().toString())
				.filter(name -> name.endsWith(".md"))
				.collect(TreeSet::new, Set::add, Set::addAll);
		}
	}

	/** The log files the page names in backticks, {@code `session20-final-wide5m-both.log`}; globs are skipped. */
	private static List<String> logsNamedIn(String page) {
		Matcher matcher = Pattern.compile("`([A-Za-z0-9._-]+\\.log)`").matcher(page);
		List<String> logs = new java.util.ArrayList<>();
		while (matcher.find()) {
			logs.add(matcher.group(1));
		}
		return logs;
	}

}
