package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.HeadlessChromium;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteTestTarget;

/**
 * {@code rowlift.report.html-file} after real loads into SQLite, opened in a real headless browser
 * (Debian's {@code chromium}): the page's script runs to its end without an error, the chart has one
 * line per partition, the page embeds the run's summary as written to the summary file, and the
 * screenshot shows the chart's lines. A failed run and a run stopped by SIGTERM (the jar, as an
 * operator runs it) write their reports too. Skipped without chromium, failed when CI=true.
 */
class HtmlReportIntegrationTests {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	@TempDir
	Path dir;

	private SqliteTestTarget target;

	private HeadlessChromium chromium;

	@BeforeEach
	void setUp() throws Exception {
		this.target = new SqliteTestTarget(this.dir);
		this.target.reset();
	}

	@Test
	void aLoadsReportOpensInABrowserWithoutErrorsAndDrawsOneLinePerPartition() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-30000.csv"), "ints", 30_000, 7);
		Path html = this.dir.resolve("reports/run.html");
		Path json = this.dir.resolve("reports/run.json");

		this.chromium = HeadlessChromium.require(Files.createDirectories(this.dir.resolve("browser")));
		RowliftRun run = load(csv, "--rowlift.job.partitions=3", "--rowlift.report.html-file=" + html,
				"--rowlift.report.summary-file=" + json);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		String dom = this.chromium.dumpDom(html);
		assertThat(htmlTag(dom)).as("the page's script ran to its end, no error").isEqualTo("<html lang=\"en\" data-report-ready=\"3\">");
		assertThat(series(dom)).containsExactly("partition0", "partition1", "partition2");
		assertThat(dom).contains("<title>Rowlift run 1: completed (ints)</title>");
		JsonNode summary = MAPPER.readTree(Files.readString(json));
		assertThat(MAPPER.readTree(embeddedJson(dom))).as("the JSON the page embeds is the run's summary").isEqualTo(summary);
		assertThat(dom).as("offered as a download").containsPattern("<a id=\"download-json\" download=\"rowlift-run-1.json\" href=\"blob:");

		// a pointer over the chart, early in the load: the tooltip lists the lines running then, with their rates
		Path hover = this.dir.resolve("hover.html");
		Files.writeString(hover, Files.readString(html).replace("</body>", "<script>"
				+ "var c = document.querySelector('svg.throughput'), b = c.getBoundingClientRect(), l = c.querySelector('polyline.series');"
				+ "var x = +l.getAttribute('points').trim().split(' ')[0].split(',')[0] * b.width / c.viewBox.baseVal.width;"
				+ "c.dispatchEvent(new MouseEvent('mousemove', {clientX: b.left + x, clientY: b.top + 40, bubbles: true}));"
				+ "document.body.setAttribute('data-tip', document.getElementById('chart-tip').innerText.replace(/\\n/g, ' | '));"
				+ "</script></body>"));
		String hovered = this.chromium.dumpDom(hover);
		assertThat(htmlTag(hovered)).isEqualTo("<html lang=\"en\" data-report-ready=\"3\">");
		assertThat(hovered).containsPattern("<body data-tip=\"[0-9.]+ s \\| [^\"]*partition0: [0-9,]+ rows/s");

		Path png = this.chromium.screenshot(html, this.dir.resolve("run.png"), 1100, 1400);
		BufferedImage image = ImageIO.read(png.toFile());
		assertThat(image.getWidth()).isEqualTo(1100);
		// partition0's line, hsl(0, 65%, 42%) = rgb(177, 37, 37), and the green of the completed phases
		assertThat(pixelsNear(image, 177, 37, 37)).as("red pixels of partition0's line").isGreaterThan(30);
		assertThat(pixelsNear(image, 0x2e, 0x8b, 0x57)).as("green pixels of the phase bars").isGreaterThan(500);
	}

	@Test
	void aFailedLoadWritesItsReportWithTheFailure() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-20000.csv"), "ints", 20_000, 3);
		Path html = this.dir.resolve("failed.html");

		this.chromium = HeadlessChromium.require(Files.createDirectories(this.dir.resolve("browser")));
		RowliftRun run = load(csv, "--rowlift.job.partitions=2", "--rowlift.report.html-file=" + html,
				"--rowlift.test.fail-at-byte=" + Files.size(csv) * 3 / 4);

		assertThat(run.exitCode()).as(run.toString()).isOne();
		String dom = this.chromium.dumpDom(html);
		assertThat(htmlTag(dom)).isEqualTo("<html lang=\"en\" data-report-ready=\"2\">");
		assertThat(dom).contains("<title>Rowlift run 1: failed (ints)</title>")
			.contains("<div class=\"failure\" id=\"failure\">")
			.contains("injected failure (rowlift.test.fail-at-byte=");
		assertThat(series(dom)).containsExactly("partition0", "partition1");
	}

	@Test
	void aLoadStoppedBySigtermWritesItsReport() throws Exception {
		this.chromium = HeadlessChromium.require(Files.createDirectories(this.dir.resolve("browser")));
		Path csv = GenCsv.write(this.dir.resolve("ints-400000.csv"), "ints", 400_000, 5);
		Path html = this.dir.resolve("stopped.html");
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("jar")), this.dir.resolve("rowlift.log"));
		List<String> args = new ArrayList<>();
		for (String option : this.target.options()) {
			// the jar's own classpath has no test migrations: the same folder, from the file system
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + Path.of("src/test/resources/db/migration").toAbsolutePath() + "/{vendor}"
					: option);
		}
		args.addAll(List.of("--rowlift.source.path=" + csv, "--rowlift.target.table=ints", "--rowlift.job.partitions=2",
				"--rowlift.job.chunk-size=2000", "--rowlift.report.html-file=" + html));

		RowliftJar.Attempt run = jar.start("to be stopped by SIGTERM", args);
		long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
		while (!run.output().contains("dropped 3 index(es)")) {
			assertThat(run.waitFor(100)).as("ended before the load began\n%s", jar.tail(20_000)).isFalse();
			assertThat(System.nanoTime()).as("no load after 120 s\n%s", jar.tail(20_000)).isLessThan(deadline);
		}
		Thread.sleep(300); // into the load, which takes some seconds here
		assertThat(new ProcessBuilder("kill", "-TERM", String.valueOf(run.pid())).start().waitFor()).isZero();
		assertThat(run.waitFor(120_000)).as("ended after SIGTERM").isTrue();

		assertThat(run.exitCode()).as(jar.tail(20_000)).isOne();
		assertThat(run.output()).contains("run 1 stopped");
		String dom = this.chromium.dumpDom(html);
		assertThat(htmlTag(dom)).isEqualTo("<html lang=\"en\" data-report-ready=\"2\">");
		assertThat(dom).contains("<title>Rowlift run 1: stopped (ints)</title>");
	}

	@Test
	void aReportThatCannotBeWrittenIsSaidAndTheLoadsExitCodeStays() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-100.csv"), "ints", 100, 1);
		Path html = Files.writeString(this.dir.resolve("a-file"), "not a folder").resolve("run.html");

		RowliftRun run = load(csv, "--rowlift.report.html-file=" + html);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("rowlift: run 1 completed: 100 rows");
		assertThat(run.err()).contains("rowlift: cannot write the HTML report " + html + ": " + html.getParent()
				+ " is a file, not a folder; the load's outcome is as printed (set rowlift.report.html-file to a writable path)");
	}

	private RowliftRun load(Path csv, String... options) {
		List<String> args = new ArrayList<>(this.target.options());
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=ints");
		args.addAll(List.of(options));
		return RowliftRun.of(args);
	}

	/** The {@code <html>} start tag, with the attributes the script set (the marker, or an error). */
	private static String htmlTag(String dom) {
		Matcher m = Pattern.compile("<html[^>]*>").matcher(dom);
		assertThat(m.find()).as("an <html> element").isTrue();
		return m.group();
	}

	private static List<String> series(String dom) {
		List<String> found = new ArrayList<>();
		Matcher m = Pattern.compile("<polyline class=\"series\" data-partition=\"([^\"]*)\"").matcher(dom);
		while (m.find()) {
			found.add(m.group(1));
		}
		return found;
	}

	/** The JSON of the page's summary element, as the browser holds it. */
	private static String embeddedJson(String dom) {
		Matcher m = Pattern.compile("<script type=\"application/json\" id=\"rowlift-summary\">(.*?)</script>", Pattern.DOTALL)
			.matcher(dom);
		assertThat(m.find()).as("the page embeds the JSON").isTrue();
		return m.group(1);
	}

	private static int pixelsNear(BufferedImage image, int r, int g, int b) {
		int n = 0;
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				int rgb = image.getRGB(x, y);
				if (Math.abs((rgb >> 16 & 0xff) - r) + Math.abs((rgb >> 8 & 0xff) - g) + Math.abs((rgb & 0xff) - b) < 40) {
					n++;
				}
			}
		}
		return n;
	}

}
