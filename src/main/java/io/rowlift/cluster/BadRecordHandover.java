package io.rowlift.cluster;

import java.util.Optional;

import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.BadRecordException;

/**
 * Carries a partition's bad record failure from the worker to the manager, so that the manager ends the run
 * exactly as a local run ends it: the same message (the record's location, the problem, and for
 * {@code rowlift.job.skip-limit} the record's number and the limit) and the same advice (fix the file, or raise
 * the limit and run the same command again), with exit 1. The manager sees only the job repository, and the
 * step's exit description holds the stack trace, cut to the repository's column width; so the worker writes the
 * {@link BadRecordException}'s message into the partition's context under {@value #KEY} and saves the context
 * at once, and the manager makes the exception again from it ({@link #failure}). Spring Batch 6.0 saves the
 * step as FAILED before it calls the step's listeners, so a manager that saw the status may have read the
 * context before the message was in it (seen in a full verify, and here about once in ten runs of the spring
 * pipeline's skip-limit test: the run then failed with "Unable to process chunk"); it reads a failed partition's
 * context again until the message is there or a few seconds have passed ({@link #settled}).
 *
 * <p>Joins each partition step of a cluster worker (a step listener bean). Stateless, thread-safe.
 */
public final class BadRecordHandover implements StepExecutionListener, org.springframework.core.Ordered {

	/**
	 * Before the step listeners without an order (the user's, the tests'): registered first, so Spring Batch,
	 * which calls {@code afterStep} in reverse order, calls this one after them.
	 */
	@Override
	public int getOrder() {
		return 0;
	}

	private final JobRepository repository;

	/** @param repository the shared job repository the partition's context is saved in */
	public BadRecordHandover(JobRepository repository) {
		this.repository = repository;
	}

	/** The partition context key of the bad record's message. */
	public static final String KEY = "rowlift.bad-record";

	@Override
	public ExitStatus afterStep(StepExecution step) {
		Optional<BadRecordException> bad = badRecord(step);
		if (bad.isPresent()) {
			step.getExecutionContext().putString(KEY, bad.get().getMessage());
			this.repository.updateExecutionContext(step);
		}
		return null; // the exit status stays Spring Batch's
	}

	private static Optional<BadRecordException> badRecord(StepExecution step) {
		for (Throwable failure : step.getFailureExceptions()) {
			for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
				if (t instanceof BadRecordException bad) {
					return Optional.of(bad);
				}
			}
		}
		return Optional.empty();
	}

	/**
	 * {@code remote} as the manager should take it: a partition that did not fail, or whose context holds its
	 * worker's bad record, as it is; a failed one without it read again from {@code repository} every 50 ms
	 * until the worker's listener has saved the message (it runs right after Spring Batch saved the status) or
	 * {@code wait} has passed (a failure that is not a bad record has none). Interrupted: as last read.
	 */
	static StepExecution settled(StepExecution remote, JobRepository repository, java.time.Duration wait) {
		StepExecution step = remote;
		long deadline = System.nanoTime() + wait.toNanos();
		while (step.getStatus() == org.springframework.batch.core.BatchStatus.FAILED && !step.getExecutionContext().containsKey(KEY)
				&& System.nanoTime() < deadline) {
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return step;
			}
			StepExecution again = repository.getStepExecution(remote.getId());
			if (again == null) {
				return step;
			}
			step = again;
		}
		return step;
	}

	/**
	 * The failure of a partition that ended FAILED on a worker, as the manager adds it to its run: the worker's
	 * bad record when it handed one over, else the first line of the exit description
	 * ({@link RemotePartitionFailure}).
	 */
	static Throwable failure(StepExecution remote) {
		ExecutionContext context = remote.getExecutionContext();
		if (context.containsKey(KEY)) {
			return new BadRecordException(context.getString(KEY));
		}
		return new RemotePartitionFailure(remote.getStepName(), remote.getExitStatus().getExitDescription());
	}

}
