package io.rowlift.job;

/**
 * Which reader and writer load the partitions of a run ({@code rowlift.job.pipeline}). Fixed by a
 * load's first run: a resume continues with the pipeline that saved the partitions' positions.
 */
public enum Pipeline {

	/** Rowlift's byte-offset reader and its INSERT-batch / LOAD DATA writers: the default, and the fast path. */
	FAST,

	/**
	 * Spring Batch's own parts, the design card's pipeline: a {@code FlatFileItemReader} bounded to each
	 * byte range, a {@code FieldSetMapper}, an optional {@code ItemProcessor} and a {@code JdbcBatchItemWriter};
	 * chosen by the setting or by a user's processor or mapper bean.
	 */
	SPRING

}
