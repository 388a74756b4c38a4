/**
 * The Spring Batch load job and the decision of which run a command means: new, resumed or refused.
 */
package io.rowlift.job;
