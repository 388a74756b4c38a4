/**
 * What a run reports: the live progress while it runs (a bar on a terminal, plain lines otherwise,
 * on standard error), and at the end the run report by phase, the summary line and the JSON summary
 * (docs/reports.md).
 */
package io.rowlift.report;
