package io.rowlift.source;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The member or frame starts a decompressor has passed ({@link FrameStart}), in file order, for finding the one
 * at or before an uncompressed offset: the offset of a record the reader saves, which lies behind what the
 * decompressor has read (the parser reads ahead, on a thread of its own with read-ahead).
 *
 * <p>Saved offsets only grow, so {@link #atOrBefore} forgets the starts before the one it returns; and at most
 * {@value #KEPT} are kept (the oldest go first), so a file of many small frames read without saves takes bounded
 * memory. A start forgotten only makes a resume start further back, never wrong. Thread-safe: the decompressor
 * adds from the reader's thread while saves read from the step's.
 */
final class FrameStarts {

	static final int KEPT = 4096;

	private final ArrayDeque<FrameStart> starts = new ArrayDeque<>();

	/** Tells a start passed; one not after the last one is ignored (a stream opened again from an earlier start). */
	synchronized void add(FrameStart start) {
		FrameStart last = this.starts.peekLast();
		if (last != null && start.uncompressed() <= last.uncompressed()) {
			return;
		}
		this.starts.addLast(start);
		if (this.starts.size() > KEPT) {
			this.starts.removeFirst();
		}
	}

	/**
	 * The last start at or before {@code uncompressed}, or null when none kept is (then the file's start is
	 * one); forgets those before it.
	 */
	synchronized FrameStart atOrBefore(long uncompressed) {
		int at = indexAtOrBefore(uncompressed);
		for (int i = 0; i < at; i++) {
			this.starts.removeFirst();
		}
		return at < 0 ? null : this.starts.peekFirst();
	}

	/** The last start at or before {@code uncompressed}, forgetting none (for opening the stream again). */
	synchronized FrameStart peekAtOrBefore(long uncompressed) {
		int at = indexAtOrBefore(uncompressed);
		FrameStart found = null;
		Iterator<FrameStart> it = this.starts.iterator();
		for (int i = 0; i <= at; i++) {
			found = it.next();
		}
		return found;
	}

	/** The index of the last start at or before {@code uncompressed}, or -1. */
	private int indexAtOrBefore(long uncompressed) {
		int index = -1;
		for (FrameStart start : this.starts) {
			if (start.uncompressed() > uncompressed) {
				break;
			}
			index++;
		}
		return index;
	}

}
