package io.rowlift.job.spring;

import org.springframework.batch.infrastructure.item.ItemProcessor;
import org.springframework.batch.infrastructure.item.validator.ValidationException;

import io.rowlift.model.RawRecord;

/**
 * Runs the user's {@link ItemProcessor} (if any) and keeps Rowlift's books: a record the row filter
 * dropped ({@link SpringRangeReader.Filtered}) becomes null here, before the user's processor sees it, and
 * so does an item the user's processor turns into null: both are <em>filtered</em> (counted, so read = written + rejected + filtered); an item
 * it refuses with a {@link ValidationException} is <em>rejected</em> like a bad record (into the
 * reject file, within {@code rowlift.job.skip-limit}); any other exception fails the partition. The
 * processed item is remembered as coming from the record of its input, for a later write error.
 * Thread-safe: the state is the partition's, in a thread-local.
 */
final class SpringItemProcessor implements ItemProcessor<Object, Object> {

	private final SpringPartitions partitions;

	private final ItemProcessor<Object, Object> user;

	/** @param user the user's processor, or null */
	SpringItemProcessor(SpringPartitions partitions, ItemProcessor<Object, Object> user) {
		this.partitions = partitions;
		this.user = user;
	}

	@Override
	public Object process(Object item) throws Exception {
		if (item instanceof SpringRangeReader.Filtered) { // the row filter dropped it: Spring Batch's filter, before the user's code
			this.partitions.current().filtered++;
			return null;
		}
		if (this.user == null) {
			return item;
		}
		SpringPartition partition = this.partitions.current();
		RawRecord origin = partition.origin(item);
		Object out;
		try {
			out = this.user.process(item);
		}
		catch (ValidationException ex) {
			throw new RejectedRecordException(origin, -1, "the processor " + this.user.getClass().getName()
					+ " refused the record: " + ex.getMessage());
		}
		if (out == null) {
			partition.filtered++;
			return null;
		}
		if (out != item && origin != null) {
			partition.origins.put(out, origin);
		}
		return out;
	}

}
