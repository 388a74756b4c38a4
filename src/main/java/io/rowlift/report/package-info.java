/**
 * What a run reports: the summary line, the step table and the JSON summary.
 */
package io.rowlift.report;
