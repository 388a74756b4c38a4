package io.rowlift.job.spring;

import org.springframework.batch.core.listener.SkipListener;

/**
 * Collects each record Spring Batch skipped (in reading and mapping, in the processor, or in
 * writing) as a pending reject of its partition; {@link SpringRowWriter#update} stages it in the
 * reject table in the transaction that commits the chunk. Thread-safe: the state is the
 * partition's, in a thread-local.
 */
final class RejectSkipListener implements SkipListener<Object, Object> {

	private final SpringPartitions partitions;

	RejectSkipListener(SpringPartitions partitions) {
		this.partitions = partitions;
	}

	@Override
	public void onSkipInRead(Throwable t) {
		add(t);
	}

	@Override
	public void onSkipInProcess(Object item, Throwable t) {
		add(t);
	}

	@Override
	public void onSkipInWrite(Object item, Throwable t) {
		add(t);
	}

	private void add(Throwable t) {
		if (!(t instanceof RejectedRecordException rejected)) {
			throw new IllegalStateException("skipped without a record to reject: " + t, t);
		}
		this.partitions.current().pending.add(rejected);
	}

}
