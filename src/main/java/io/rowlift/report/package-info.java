/**
 * What a run reports: the live progress while it runs (a bar on a terminal, plain lines otherwise,
 * on standard error), and at the end the run report by phase, the summary line, the JSON summary
 * (docs/reports.md), the reject files and the self-contained HTML report
 * ({@link io.rowlift.report.HtmlReport}).
 */
package io.rowlift.report;
