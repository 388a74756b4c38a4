package io.rowlift.job;

import java.util.List;
import java.util.function.BiPredicate;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInterruptedException;
import org.springframework.batch.core.job.SimpleJob;
import org.springframework.batch.core.job.StartLimitExceededException;
import org.springframework.batch.core.launch.JobRestartException;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;

/**
 * The load job: a {@link SimpleJob} (its steps in order, each restarted or skipped as Spring Batch does, the
 * job's status that of the last step run) that leaves out the steps a run does not need, which then have no
 * step execution at all, in this run or its report.
 *
 * <p>Why: a step costs its rows in the job repository (an execution, its context, their updates, each
 * committed) even when it does nothing, about 17 ms each on SQLite on the project's 2-core machine; the
 * before- and after-SQL steps do nothing in every load without {@code rowlift.job.before-sql} /
 * {@code after-sql}, and a one-shot load paid them on every start (docs/benchmarks.md, "Session 15: the
 * start-up regression").
 *
 * <p>Restart: whether a step is needed is asked again by every execution, so a resume runs a step its first
 * run left out when its own plan needs it (the after-SQL may be added on a resume), and leaves out one that
 * completed or was never needed. Thread-safe as {@link SimpleJob} is (one execution per thread).
 */
final class LoadJob extends SimpleJob {

	private final List<Step> steps;

	private final BiPredicate<Step, JobExecution> needed;

	/**
	 * @param name the job's name
	 * @param steps every step, in order
	 * @param needed whether an execution runs a step; asked once per step and execution, as the step's turn comes
	 *        (after the job's listeners ran, so the run's stored plan is in its context)
	 */
	LoadJob(String name, List<Step> steps, BiPredicate<Step, JobExecution> needed) {
		super(name);
		this.steps = List.copyOf(steps);
		this.needed = needed;
		setSteps(this.steps);
	}

	@Override
	protected void doExecute(JobExecution execution)
			throws JobInterruptedException, JobRestartException, StartLimitExceededException {
		StepExecution last = null;
		for (Step step : this.steps) {
			if (!this.needed.test(step, execution)) {
				continue;
			}
			last = handleStep(step, execution);
			if (last.getStatus() != BatchStatus.COMPLETED) {
				break;
			}
		}
		if (last != null) { // as SimpleJob ends: the job's status and exit are the last step's
			execution.upgradeStatus(last.getStatus());
			execution.setExitStatus(last.getExitStatus());
		}
	}

}
