package io.rowlift.sort;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A sample of a file's sort keys that does not depend on how the file was split or in which order its
 * records were seen: a key is in it when the low {@code level} bits of its hash are zero, so every copy of
 * a sampled key is in it, and the sample of the whole file is the same whichever threads read which
 * ranges. The level rises (halving the sample) whenever it holds more than {@value #CAP} keys; merged, the
 * samples end at the smallest level at which the whole file's sample fits, which is again independent of
 * the split (a part's sample at a level is never larger than the whole's). That makes the key ranges of
 * {@link #boundaries} the same when a resumed load sorts again on another machine.
 *
 * <p>Not thread-safe: one per sorting thread, merged at the end.
 */
final class KeySample {

	/** Keys held at most. */
	static final int CAP = 8192;

	private int level;

	private List<byte[]> keys = new ArrayList<>();

	/** Takes {@code key} if its hash is in the sample at the current level (the array is kept, not copied). */
	void offer(byte[] key) {
		if (in(key, this.level)) {
			this.keys.add(key);
			if (this.keys.size() > CAP) {
				raise(this.level + 1);
			}
		}
	}

	/** Takes the keys of {@code other} (at the higher of the two levels). */
	void merge(KeySample other) {
		int to = Math.max(this.level, other.level);
		raise(to);
		for (byte[] key : other.keys) {
			if (in(key, to)) {
				this.keys.add(key);
			}
		}
		while (this.keys.size() > CAP) {
			raise(this.level + 1);
		}
	}

	/** Keys held. */
	int size() {
		return this.keys.size();
	}

	/**
	 * The keys that cut the sample into {@code ranges} parts of about equal size, in ascending (unsigned)
	 * order: {@code ranges - 1} of them, a key repeated where the sample has fewer distinct keys than that (a
	 * range between two equal boundaries is empty). Range {@code i} holds the keys {@code k} with
	 * {@code boundary[i - 1] <= k < boundary[i]}, so all records of a key fall into one range.
	 */
	List<byte[]> boundaries(int ranges) {
		List<byte[]> sorted = new ArrayList<>(this.keys);
		sorted.sort(Arrays::compareUnsigned);
		List<byte[]> cuts = new ArrayList<>();
		for (int i = 1; i < ranges; i++) {
			if (sorted.isEmpty()) {
				cuts.add(new byte[0]); // no key is below the empty one: every range but the last is empty
				continue;
			}
			byte[] cut = sorted.get((int) ((long) i * sorted.size() / ranges));
			if (!cuts.isEmpty() && Arrays.compareUnsigned(cut, cuts.get(cuts.size() - 1)) < 0) {
				cut = cuts.get(cuts.size() - 1);
			}
			cuts.add(cut);
		}
		return cuts;
	}

	private void raise(int to) {
		if (to <= this.level) {
			return;
		}
		this.level = to;
		List<byte[]> kept = new ArrayList<>(this.keys.size() / 2 + 1);
		for (byte[] key : this.keys) {
			if (in(key, to)) {
				kept.add(key);
			}
		}
		this.keys = kept;
	}

	private static boolean in(byte[] key, int level) {
		// past 31 bits nothing is in the sample: a key repeated more than CAP times whose hash is 0 cannot hold it forever
		return level == 0 || level < 32 && (hash(key) & ((1 << level) - 1)) == 0;
	}

	/** A hash of the key's bytes, the same in every JVM (Arrays.hashCode, mixed as MurmurHash3's finaliser does). */
	static int hash(byte[] key) {
		int h = Arrays.hashCode(key);
		h ^= h >>> 16;
		h *= 0x85ebca6b;
		h ^= h >>> 13;
		h *= 0xc2b2ae35;
		h ^= h >>> 16;
		return h;
	}

}
