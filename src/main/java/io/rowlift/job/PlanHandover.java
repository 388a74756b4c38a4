package io.rowlift.job;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.repository.JobRepository;

/**
 * Writes a run's {@link RunPlan} into its job execution context as the job starts, before any step
 * and before the other listeners (the progress display reads it): the launcher decides the plan (a new
 * run's, or the stored one of the run it resumes, or for a run an earlier version started the one derived
 * once) and hands it over here just before it starts the job. Every step then reads the plan from the
 * context, never from this object. Holds at most one plan, for the next start; not thread-safe beyond
 * that (one load at a time per process, as {@link LoadLauncher}).
 */
final class PlanHandover implements JobExecutionListener {

	private final JobRepository repository;

	private volatile RunPlan next;

	PlanHandover(JobRepository repository) {
		this.repository = repository;
	}

	/** Makes {@code plan} the one the next job start stores. */
	void handOver(RunPlan plan) {
		this.next = plan;
	}

	@Override
	public void beforeJob(JobExecution execution) {
		RunPlan plan = this.next;
		this.next = null;
		String key = RunPlanParameters.loadKey(execution.getJobParameters());
		if (plan != null && plan.loadKey().equals(key)) {
			plan.storeIn(execution.getExecutionContext());
			this.repository.updateExecutionContext(execution);
		}
		else if (RunPlan.in(execution.getExecutionContext()).isEmpty()) {
			throw new IllegalStateException("run " + execution.getJobInstanceId() + " of " + key
					+ " has no stored plan and none was handed over: only LoadLauncher starts the load job");
		}
	}

}
