/**
 * A partition's progress as one value, and its one codec to and from the step context: what the
 * readers, the writer and the accounting share, without depending on one another.
 */
package io.rowlift.progress;
