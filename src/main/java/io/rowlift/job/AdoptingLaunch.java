package io.rowlift.job;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobExecutionAlreadyRunningException;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;

/**
 * Starts the next execution of a run whose last execution was recovered with partitions still running on
 * workers ({@link RunRecovery}): what {@link JobOperator#start} does for a restart (Spring Batch's
 * {@code TaskExecutorJobLauncher}: a new job execution of the same instance, with the last one's context,
 * then {@link Job#execute} on this thread, as its synchronous task executor runs it), without the one check
 * adopting must pass: the launcher refuses a restart while any step execution of the last job execution is
 * running ("A job execution for this job is already running"), and the adopted partitions are exactly that.
 *
 * <p>The checks that matter still hold here: no job execution of the instance is running (the recovered one
 * is FAILED, under the run lock), the job is restartable, the parameters are valid, and the run decision
 * ({@link RunDecision}) has already refused a completed or abandoned run. The new execution's load step
 * leaves the adopted partitions out of its split and waits for them (the cluster's handler). Stateless;
 * thread-safe.
 */
final class AdoptingLaunch {

	private final JobRepository repository;

	AdoptingLaunch(JobRepository repository) {
		this.repository = repository;
	}

	/** Creates and runs the restart execution of {@code parameters}' instance; returns it ended. */
	JobExecution start(Job job, JobParameters parameters) throws Exception {
		JobInstance instance = this.repository.getJobInstance(job.getName(), parameters);
		JobExecution last = instance == null ? null : this.repository.getLastJobExecution(instance);
		if (last == null) {
			throw new IllegalStateException("no earlier execution of " + job.getName() + " with " + parameters
					+ " to adopt the partitions of; run the same command again");
		}
		for (JobExecution execution : this.repository.getJobExecutions(instance)) {
			if (execution.isRunning()) { // Spring Batch's invariant: one running execution per instance
				throw new JobExecutionAlreadyRunningException("run " + instance.getInstanceId() + " has a running execution ("
						+ execution.getId() + ") although the run lock was free; run the same command again once it has ended");
			}
		}
		if (!job.isRestartable()) {
			throw new IllegalStateException(job.getName() + " is not restartable");
		}
		job.getJobParametersValidator().validate(parameters);
		JobExecution execution = this.repository.createJobExecution(instance, parameters, last.getExecutionContext());
		job.execute(execution);
		return execution;
	}

}
