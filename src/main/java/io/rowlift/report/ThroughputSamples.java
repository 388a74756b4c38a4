package io.rowlift.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Throughput samples of a run, per partition, bounded: each partition keeps at most {@code limit}
 * points plus its latest one. When a partition's points fill up, every other one is dropped and from
 * then on only every second sample is kept (then every fourth, ...), so a long run keeps evenly
 * spread points, always with its first and its last. Thread-safe.
 */
public final class ThroughputSamples {

	/**
	 * One sample.
	 * @param partition {@code partition0}, ...
	 * @param t seconds since the run started
	 * @param bytes bytes this partition committed in this run so far
	 * @param rows rows this partition committed in this run so far
	 */
	public record Sample(String partition, double t, long bytes, long rows) {
	}

	/** Points kept per partition by default. */
	public static final int DEFAULT_LIMIT = 500;

	private final int limit;

	private final Map<String, Series> series = new LinkedHashMap<>();

	public ThroughputSamples() {
		this(DEFAULT_LIMIT);
	}

	ThroughputSamples(int limit) {
		this.limit = Math.max(2, limit);
	}

	public synchronized void add(String partition, double t, long bytes, long rows) {
		this.series.computeIfAbsent(partition, p -> new Series()).add(new Sample(partition, t, bytes, rows));
	}

	/** The kept samples, partition by partition (in the order they first appeared), each in time order. */
	public synchronized List<Sample> all() {
		List<Sample> all = new ArrayList<>();
		for (Series s : this.series.values()) {
			all.addAll(s.kept);
			if (s.latest != null && (s.kept.isEmpty() || s.kept.get(s.kept.size() - 1) != s.latest)) {
				all.add(s.latest);
			}
		}
		return all;
	}

	private final class Series {

		List<Sample> kept = new ArrayList<>();

		Sample latest;

		int stride = 1;

		int skipped;

		void add(Sample sample) {
			this.latest = sample;
			if (!this.kept.isEmpty() && ++this.skipped < this.stride) {
				return;
			}
			this.skipped = 0;
			this.kept.add(sample);
			if (this.kept.size() > ThroughputSamples.this.limit) {
				List<Sample> halved = new ArrayList<>(this.kept.size() / 2 + 1);
				for (int i = 0; i < this.kept.size(); i += 2) {
					halved.add(this.kept.get(i));
				}
				this.kept = halved;
				this.stride *= 2;
			}
		}

	}

}
