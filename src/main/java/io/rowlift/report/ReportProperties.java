package io.rowlift.report;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What a run reports ({@code rowlift.report.*}).
 *
 * @param summaryFile write the run's summary as JSON to this file (default: none)
 * @param rejectFile where rejected records go, raw, same dialect, after the header; their reasons go
 * to {@code <reject-file>.reasons.csv} (default: {@code <input>.rejects.csv} next to the input)
 */
@ConfigurationProperties("rowlift.report")
public record ReportProperties(Path summaryFile, Path rejectFile) {
}
