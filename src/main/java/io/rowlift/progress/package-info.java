/**
 * A partition's progress as one value, and its one codec to and from the step context: what the
 * readers, the writer and the accounting share, without depending on one another. And the
 * {@link io.rowlift.progress.PhaseTracker}, where work inside a step with no counter of its own in
 * Spring Batch (the external sort, the index build) tells the progress display how far it is.
 */
package io.rowlift.progress;
