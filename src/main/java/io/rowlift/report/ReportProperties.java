package io.rowlift.report;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What a run reports ({@code rowlift.report.*}).
 *
 * @param summaryFile write the run's summary as JSON to this file (default: none)
 * @param rejectFile where rejected records go, raw, same dialect, after the header; their reasons go
 * to {@code <reject-file>.reasons.csv} (default: {@code <input>.rejects.csv} next to the input)
 * @param htmlFile write a self-contained HTML report of the run to this file: the phases as a
 * timeline, each partition's throughput over time as a chart (default: none)
 * @param progress how the load shows its progress while it runs (default {@link ProgressMode#AUTO}: a
 * bar when standard error is a terminal, else plain lines); docs/reports.md
 * @param progressInterval time between two progress lines (modes {@code lines} and {@code partitions};
 * default 10s)
 */
@ConfigurationProperties("rowlift.report")
public record ReportProperties(Path summaryFile, Path rejectFile, Path htmlFile,
		@DefaultValue("auto") ProgressMode progress, @DefaultValue("10s") Duration progressInterval) {

	public ReportProperties {
		progress = progress == null ? ProgressMode.AUTO : progress;
		if (progressInterval != null && (progressInterval.isNegative() || progressInterval.isZero())) {
			throw io.rowlift.RowliftException.badSetting("rowlift.report.progress-interval", progressInterval,
					"more than 0 (such as 10s)");
		}
		progressInterval = progressInterval == null ? Duration.ofSeconds(10) : progressInterval;
	}

	/** The defaults, for a load run without the command line's settings (tests). */
	public static ReportProperties defaults() {
		return new ReportProperties(null, null, null, ProgressMode.AUTO, Duration.ofSeconds(10));
	}

}
