package io.rowlift.job;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;

/**
 * Forgets a job execution's reject budget when the execution ends ({@link RejectBudgets#release}), whatever
 * its status: a resume is a new execution with a budget of its own, made from the rejects committed by then.
 * Stateless; thread-safe as its budgets are.
 */
final class BudgetRelease implements JobExecutionListener {

	private final RejectBudgets budgets;

	BudgetRelease(RejectBudgets budgets) {
		this.budgets = budgets;
	}

	@Override
	public void afterJob(JobExecution execution) {
		this.budgets.release(execution.getId());
	}

}
