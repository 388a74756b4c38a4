package io.rowlift.job;

import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.core.step.StepExecution;

import io.rowlift.progress.PartitionProgress;

/**
 * Which cluster workers committed which rows of a partition in one run: each worker that opens the partition's
 * step execution notes its name and the rows the partition had committed then ({@link #open}), under
 * {@value LoadJobNames#WORKER_SHARES}; a worker goes on from the last commit, so each worker's share is the rows
 * from its note to the next one's (the last one's: to the partition's end). A partition taken over from a worker
 * that died is so credited to both, each for the chunk range it committed. Notes carry the step execution's id:
 * a resumed partition's context, copied from an earlier run's, keeps that run's notes, which this run leaves out.
 * Stateless.
 */
public final class WorkerShares {

	/**
	 * One worker's share of a partition in this run.
	 * @param worker {@code host:pid}
	 * @param rows rows it committed
	 */
	public record Share(String worker, long rows) {
	}

	private WorkerShares() {
	}

	/** Notes that {@code worker} opens {@code step} now, where the partition's last commit left it. */
	public static void open(StepExecution step, String worker) {
		String notes = step.getExecutionContext().containsKey(LoadJobNames.WORKER_SHARES)
				? step.getExecutionContext().getString(LoadJobNames.WORKER_SHARES) : "";
		long written = PartitionProgress.readFrom(step.getExecutionContext()).written();
		step.getExecutionContext().putString(LoadJobNames.WORKER_SHARES, notes + step.getId() + "@" + written + "@" + worker + "\n");
	}

	/** The workers of {@code step} in this run, in the order they opened it, each with its rows; empty when no worker noted one. */
	public static List<Share> of(StepExecution step) {
		if (!step.getExecutionContext().containsKey(LoadJobNames.WORKER_SHARES)) {
			return List.of();
		}
		List<String> workers = new ArrayList<>();
		List<Long> from = new ArrayList<>();
		for (String note : step.getExecutionContext().getString(LoadJobNames.WORKER_SHARES).split("\n")) {
			String[] parts = note.split("@", 3);
			if (parts.length == 3 && parts[0].equals(String.valueOf(step.getId()))) {
				from.add(Long.parseLong(parts[1]));
				workers.add(parts[2]);
			}
		}
		long end = PartitionProgress.readFrom(step.getExecutionContext()).written();
		List<Share> shares = new ArrayList<>();
		for (int i = 0; i < workers.size(); i++) {
			long to = i + 1 < from.size() ? from.get(i + 1) : end;
			shares.add(new Share(workers.get(i), Math.max(0, to - from.get(i))));
		}
		return shares;
	}

}
