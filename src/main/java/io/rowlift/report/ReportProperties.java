package io.rowlift.report;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What a run reports ({@code rowlift.report.*}).
 *
 * @param summaryFile write the run's summary as JSON to this file (default: none)
 * @param rejectFile where rejected records go, raw, same dialect, after the header; their reasons go
 * to {@code <reject-file>.reasons.csv} (default: {@code <input>.rejects.csv} next to the input)
 * @param htmlFile write a self-contained HTML report of the run to this file: the phases as a
 * timeline, each partition's throughput over time as a chart (default: none)
 */
@ConfigurationProperties("rowlift.report")
public record ReportProperties(Path summaryFile, Path rejectFile, Path htmlFile) {
}
