package io.rowlift.report;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What a run reports ({@code rowlift.report.*}).
 *
 * @param summaryFile write the run's summary as JSON to this file (default: none)
 */
@ConfigurationProperties("rowlift.report")
public record ReportProperties(Path summaryFile) {
}
