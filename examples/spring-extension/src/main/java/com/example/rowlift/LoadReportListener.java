package com.example.rowlift;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;

/** An example JobExecutionListener: Rowlift registers it on its load job. */
public class LoadReportListener implements JobExecutionListener {

	@Override
	public void afterJob(JobExecution jobExecution) {
		System.out.println("example listener: run " + jobExecution.getJobInstanceId() + " ended " + jobExecution.getStatus());
	}

}
