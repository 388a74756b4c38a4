package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The HTML report rendered from JSON summaries: the fixture with phases and samples, escaping of
 * every text (a {@code </script>} in a file name above all), summaries with fields missing or of the
 * wrong type, a failed run, the rates drawn from samples, and the file written whole. The page in a
 * real browser: {@code HtmlReportIntegrationTests}.
 */
class HtmlReportTests {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	@TempDir
	Path dir;

	@Test
	void drawsOneLinePerPartitionAndEachPhaseFromTheFixture() throws IOException {
		String html = HtmlReport.render(fixture());

		assertThat(series(html)).containsExactly("partition0", "partition1", "partition2", "partition3");
		assertThat(count(html, "<polyline class=\"series-total\"")).isOne();
		assertThat(groups(html, "phase")).containsExactly("prepare", "index-drop", "load", "index-rebuild", "statistics",
				"accounting");
		assertThat(groups(html, "partition")).containsExactly("partition0", "partition1", "partition2", "partition3");
		assertThat(html).contains("<title>Rowlift run 3: completed (ints)</title>")
			.contains("<b>6,000,000</b><span>rows written by this run</span>")
			.contains("<b>193 MiB</b><span>read by this run, 5.01 MiB/s</span>")
			.contains("<section id=\"phase-table\">")
			.doesNotContain("has no samples")
			.doesNotContain("has no phase start times")
			.doesNotContain("class=\"failure\"");
	}

	/** Issue 20: the page and the text report give one run's bytes in one unit (they said 165 MB and 157.3 MB). */
	@Test
	void givesBytesInTheUnitOfTheTextReport() throws IOException {
		long bytes = 0;
		for (JsonNode phase : fixture().get("phases")) {
			if (phase.get("name").asString().equals("load")) {
				bytes = phase.get("bytes").asLong();
			}
		}
		String text = ProgressLines.mb(bytes); // the text report's MiB column and the progress lines
		assertThat(text).isEqualTo("193.3");
		assertThat(SummaryTree.bytes(bytes)).isEqualTo("193 MiB");
		assertThat(HtmlReport.render(fixture())).contains("<b>193 MiB</b>").doesNotContain(" MB<").doesNotContain(" MB/s")
			.doesNotContain(" kB");
	}

	/** The fixture is a summary of an older Rowlift, with the enums' names: they read as the settings take them. */
	@Test
	void showsTheChoicesOfAnOlderSummaryAsTheSettingsTakeThem() throws IOException {
		assertThat(fixture().toString()).contains("\"writeMethod\":\"INSERT\"").contains("\"pipeline\":\"FAST\"");
		String html = HtmlReport.render(fixture());

		assertThat(html).contains("<dt>write method</dt><dd>insert <span").contains("<dt>key order</dt><dd>file <span")
			.contains("<dt>pipeline</dt><dd>fast <span")
			.doesNotContain("<dd>INSERT")
			.doesNotContain("<dd>FAST");
	}

	/** Issue #34 item 6: the blank lines skipped get a card of their own, apart from the records; none, no card. */
	@Test
	void showsTheBlankLinesSkippedApartFromTheRecords() throws IOException {
		ObjectNode summary = (ObjectNode) fixture();
		assertThat(HtmlReport.render(summary)).doesNotContain("blank lines");
		summary.put("blankLines", 1234);
		assertThat(HtmlReport.render(summary)).contains("1,234").contains("blank lines skipped, all runs")
			.doesNotContain("<dt>blankLines</dt>");
	}

	@Test
	void placesEachPartitionAtItsStartTimeOnTheTimeline() throws IOException {
		String html = HtmlReport.render(fixture());

		// partitions 2 and 3 waited for a thread: their bars start right of partitions 0 and 1
		assertThat(barX(html, "partition2")).isGreaterThan(barX(html, "partition0") + 200);
		assertThat(barX(html, "partition1")).isEqualTo(barX(html, "partition0"));
		assertThat(barX(html, "load")).isEqualTo(barX(html, "partition0"));
	}

	@Test
	void escapesEveryTextAndKeepsTheEmbeddedJsonInItsElement() throws IOException {
		ObjectNode summary = (ObjectNode) fixture();
		String file = "/data/</script><script>alert(1)</script> & \"q\" 'a' <!-- x.csv";
		summary.put("file", file);
		summary.put("table", "<b>t</b>");
		summary.put("failure", "line 1 <img src=x onerror=alert(2)>\nline 2 \u2028 \u0001 end");
		((ObjectNode) summary.get("samples").get(0)).put("partition", "partition0\"><script>alert(3)</script>");

		String html = HtmlReport.render(summary);

		assertThat(html).doesNotContain("alert(1)</script>").doesNotContain("<img").doesNotContain("<b>t</b>")
			.doesNotContain("<script>alert");
		assertThat(count(html, "<script")).as("only the page's own three script elements").isEqualTo(3);
		assertThat(count(html, "</script>")).isEqualTo(3);
		assertThat(html).contains("/data/&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39; &lt;!-- x.csv")
			.contains("line 1 &lt;img src=x onerror=alert(2)&gt;\nline 2 \u2028 \ufffd end");
		JsonNode embedded = MAPPER.readTree(embeddedJson(html));
		assertThat(embedded.get("file").asString()).isEqualTo(file);
		assertThat(embedded).isEqualTo(summary);
	}

	@Test
	void rendersASummaryWithFieldsMissingOrOfAnotherType() {
		String empty = HtmlReport.render(MAPPER.readTree("{}"));
		assertThat(empty).contains("<title>Rowlift run \u2014: unknown (\u2014)</title>")
			.contains("This summary has neither phases nor steps to draw.")
			.contains("This summary has neither samples nor partitions to draw.")
			.doesNotContain("NaN")
			.doesNotContain(">null<");

		String odd = HtmlReport.render(MAPPER.readTree("{\"run\":\"x\",\"status\":null,\"seconds\":\"slow\",\"phases\":\"none\","
				+ "\"samples\":[1,\"x\",{\"partition\":\"p\"},{\"t\":1,\"rows\":5},{\"partition\":\"partition0\",\"t\":\"a\",\"rows\":1}],"
				+ "\"steps\":[{\"name\":\"load\"},{\"name\":\"loadWorker:partition0\",\"seconds\":null}],"
				+ "\"startedAt\":\"yesterday\",\"mode\":\"upsert\",\"updated\":12}"));
		assertThat(odd).doesNotContain("NaN").doesNotContain("Infinity");
		assertThat(series(odd)).as("averages from the steps when no sample is usable").containsExactly("partition0");
		assertThat(odd).contains("This summary has no samples").contains("<dt>mode</dt><dd>upsert</dd>")
			.contains("<b>12</b><span>updated, all runs</span>");
	}

	@Test
	void showsAFailedRunsFailureAndStatusInRed() throws IOException {
		ObjectNode summary = (ObjectNode) fixture();
		summary.put("status", "FAILED");
		summary.put("failure", "people.csv:48213:3 (byte 5120337): unclosed quoted field");
		ObjectNode load = (ObjectNode) summary.get("phases").get(2);
		load.put("status", "FAILED");
		((ObjectNode) load.get("partitions").get(3)).put("status", "FAILED");

		String html = HtmlReport.render(summary);

		assertThat(html).contains("<div class=\"failure\" id=\"failure\">people.csv:48213:3 (byte 5120337): unclosed quoted field</div>")
			.contains("<span class=\"status\" style=\"background:#c0392b\">failed</span>")
			.contains("<title>Rowlift run 3: failed (ints)</title>");
		assertThat(barFill(html, "load")).isEqualTo("#c0392b");
		assertThat(barFill(html, "partition3")).isEqualTo("#c0392b");
		assertThat(barFill(html, "partition2")).isEqualTo("#2e8b57");
	}

	@Test
	void drawsAverageRatesFromTheStepsOfASummaryWithoutPhasesOrSamples() {
		String html = HtmlReport.render(MAPPER.readTree("{\"run\":1,\"status\":\"STOPPED\",\"seconds\":2.0,\"steps\":["
				+ "{\"name\":\"indexDrop\",\"status\":\"COMPLETED\",\"read\":0,\"written\":0,\"seconds\":0.5},"
				+ "{\"name\":\"load\",\"status\":\"STOPPED\",\"read\":300,\"written\":300,\"seconds\":1.5},"
				+ "{\"name\":\"loadWorker:partition0\",\"status\":\"COMPLETED\",\"read\":200,\"written\":200,\"seconds\":1.0},"
				+ "{\"name\":\"loadWorker:partition1\",\"status\":\"STOPPED\",\"read\":100,\"written\":100,\"seconds\":1.5}]}"));

		assertThat(series(html)).containsExactly("partition0", "partition1");
		assertThat(groups(html, "phase")).containsExactly("indexDrop", "load");
		assertThat(html).contains("This summary has no samples").contains("This summary has no phase start times")
			.contains("<title>partition0 (completed): 1.00 s from 0.50 s, 200 rows written, 200 rows/s</title>")
			.contains("<span class=\"status\" style=\"background:#d68910\">stopped</span>");
	}

	@Test
	void ratesAreRowsOverSecondsOfEachIntervalAndALongRunIsThinnedToExactAverages() {
		List<double[]> cumulative = new ArrayList<>();
		for (int i = 0; i <= 1000; i++) {
			cumulative.add(new double[] { i * 0.5, i * 25.0 + (i % 2) * 10 }); // 50 rows/s, jittered per sample
		}
		List<ThroughputChart.Point> rates = ThroughputChart.rates(cumulative);
		assertThat(rates).hasSizeLessThanOrEqualTo(ThroughputChart.MAX_INTERVALS).hasSizeGreaterThan(ThroughputChart.MAX_INTERVALS / 2);
		assertThat(rates).allSatisfy(p -> assertThat(p.rate()).isBetween(40.0, 60.0));

		List<ThroughputChart.Point> two = ThroughputChart.rates(List.of(new double[] { 1, 0 }, new double[] { 3, 500 },
				new double[] { 4, 500 }, new double[] { 5, 400 }));
		assertThat(two).containsExactly(new ThroughputChart.Point(2, 250), new ThroughputChart.Point(3.5, 0),
				new ThroughputChart.Point(4.5, 0));
	}

	/**
	 * Issue 20: where one partition hands its thread over to the next, the first one's end and the next
	 * one's start are microseconds apart (two step times), and the total's rate over that sliver was 0.
	 */
	@Test
	void theTotalDoesNotDropToZeroWherePartitionsHandOver() throws IOException {
		JsonNode summary = MAPPER.readTree("{\"samples\":[{\"partition\":\"partition0\",\"t\":0,\"rows\":0},"
				+ "{\"partition\":\"partition0\",\"t\":1,\"rows\":100},{\"partition\":\"partition0\",\"t\":2,\"rows\":200},"
				+ "{\"partition\":\"partition0\",\"t\":2.5,\"rows\":250},{\"partition\":\"partition1\",\"t\":2.5001,\"rows\":0},"
				+ "{\"partition\":\"partition1\",\"t\":3.5,\"rows\":100},{\"partition\":\"partition1\",\"t\":4.5,\"rows\":200}]}");
		ThroughputChart.Chart synthetic = ThroughputChart.chart(summary, PhaseTimeline.layout(summary, null));
		assertThat(synthetic.total()).as("100 rows/s throughout").allSatisfy(p -> assertThat(p.rate()).isBetween(99.0, 101.0));

		// the fixture: partitions 2 and 3 take over the threads of 1 and 0 (their start times from the phases)
		JsonNode fixture = fixture();
		ThroughputChart.Chart chart = ThroughputChart.chart(fixture, PhaseTimeline.layout(fixture,
				SummaryTree.instant(fixture, "startedAt")));
		assertThat(chart.total()).as("never near 0 while two partitions load: " + chart.total())
			.filteredOn(p -> p.t() > 1 && p.t() < 25)
			.allSatisfy(p -> assertThat(p.rate()).isGreaterThan(150_000));
	}

	@Test
	void theTotalSumsThePartitionsAtEverySampleTimeInterpolatingBetweenTheirSamples() {
		JsonNode summary = MAPPER.readTree("{\"samples\":[{\"partition\":\"partition1\",\"t\":1,\"rows\":0},"
				+ "{\"partition\":\"partition0\",\"t\":0,\"rows\":0},{\"partition\":\"partition0\",\"t\":2,\"rows\":200},"
				+ "{\"partition\":\"partition1\",\"t\":3,\"rows\":300}]}");

		ThroughputChart.Chart chart = ThroughputChart.chart(summary, PhaseTimeline.layout(summary, null));

		assertThat(chart.sampled()).isTrue();
		assertThat(chart.series()).extracting(ThroughputChart.Series::partition).containsExactly("partition0", "partition1");
		assertThat(chart.series().get(1).points()).containsExactly(new ThroughputChart.Point(2, 150));
		// cumulative total: t0 0, t1 100 (partition0 halfway), t2 200 + 150, t3 200 + 300
		assertThat(chart.total()).containsExactly(new ThroughputChart.Point(0.5, 100), new ThroughputChart.Point(1.5, 250),
				new ThroughputChart.Point(2.5, 150));
	}

	@Test
	void writesTheFileWholeAndMakesItsFolder() throws IOException {
		Path file = this.dir.resolve("reports/nightly/run.html");

		HtmlReport.write(MAPPER.writeValueAsString(fixture()), file);
		HtmlReport.write(MAPPER.writeValueAsString(fixture()), file); // replaces it

		assertThat(Files.readString(file)).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
		Path plain = Files.writeString(this.dir.resolve("plain.txt"), "x");
		assertThat(Files.getPosixFilePermissions(file)).as("as readable as any new file")
			.isEqualTo(Files.getPosixFilePermissions(plain));
		try (Stream<Path> files = Files.list(file.getParent())) {
			assertThat(files).containsExactly(file);
		}
	}

	static JsonNode fixture() throws IOException {
		try (InputStream in = HtmlReportTests.class.getResourceAsStream("/report/summary-phases-and-samples.json")) {
			return MAPPER.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
	}

	/** The partitions of the chart's lines, in order. */
	static List<String> series(String html) {
		return all(html, "<polyline class=\"series\" data-partition=\"([^\"]*)\"");
	}

	private static List<String> groups(String html, String kind) {
		return all(html, "<g class=\"" + kind + "\" data-name=\"([^\"]*)\"");
	}

	private static double barX(String html, String name) {
		return Double.parseDouble(first(html, "data-name=\"" + name + "\">.*?<rect x=\"([0-9.]+)\""));
	}

	private static String barFill(String html, String name) {
		return first(html, "data-name=\"" + name + "\">.*?<rect [^>]*fill=\"([^\"]+)\"");
	}

	private static String embeddedJson(String html) {
		return first(html, "<script type=\"application/json\" id=\"rowlift-summary\">(.*?)</script>");
	}

	private static String first(String html, String regex) {
		Matcher m = Pattern.compile(regex, Pattern.DOTALL).matcher(html);
		assertThat(m.find()).as(regex).isTrue();
		return m.group(1);
	}

	private static List<String> all(String html, String regex) {
		List<String> found = new ArrayList<>();
		Matcher m = Pattern.compile(regex).matcher(html);
		while (m.find()) {
			found.add(m.group(1));
		}
		return found;
	}

	private static int count(String html, String text) {
		int n = 0;
		for (int i = html.indexOf(text); i >= 0; i = html.indexOf(text, i + 1)) {
			n++;
		}
		return n;
	}

}
