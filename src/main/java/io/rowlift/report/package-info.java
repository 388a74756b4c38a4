/**
 * What a run reports: the summary line, the step table, the JSON summary, the reject files and the
 * self-contained HTML report ({@link io.rowlift.report.HtmlReport}).
 */
package io.rowlift.report;
