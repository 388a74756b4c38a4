package io.rowlift.testsupport.faults;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.ItemReadListener;
import org.springframework.batch.core.listener.ItemWriteListener;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import io.rowlift.model.RawRecord;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.ByteRange;

/**
 * Fault injection into the load's partitions, for the tests only: listeners the worker step picks up
 * like any {@code StepListener} bean, each made only when its {@code rowlift.test.*} property is set
 * (jar runs get this class from {@code target/test-classes} on their classpath, in-process runs from the
 * test classpath):
 * <ul>
 * <li>{@code rowlift.test.fail-at-byte=N}: the partition whose range holds byte N fails at its first
 * record at or after it;</li>
 * <li>{@code rowlift.test.fail-at-record=N}: the run fails when its N-th record is read (1-based, counted
 * in this process);</li>
 * <li>{@code rowlift.test.miscount=true}: each partition that wrote rows in this run saves one row
 * less than it wrote, so the accounting check must fail;</li>
 * <li>{@code rowlift.test.resume-when=FILE}: a pause ({@code rowlift.test.pause-at}) ends when FILE exists
 * <li>{@code rowlift.test.pause-at=load}: partition 0 prints {@code rowlift-test: paused at load}
 * inside its second chunk (written, not committed) and waits there until killed.</li>
 * <li>{@code rowlift.test.pause-at=load-streams}: every partition does the same, printing
 * {@code rowlift-test: paused at load-streams in partitionN} (the sorted streams killed mid-load, each with
 * one chunk committed; cluster workers held mid-partition while the broker restarts), until killed or,
 * with {@code rowlift.test.resume-when}, until that file exists.</li>
 * <li>{@code rowlift.test.roll-back-chunk=silent|commit} with {@code rowlift.test.roll-back-chunk-at=N} (default
 * 3): the N-th chunk this process writes (in either pipeline, counted over all partitions) does not commit.
 * {@code silent}: its transaction is marked rollback-only and no exception is thrown, as a participating
 * transaction that failed and was caught would leave it (spring-batch#5509); {@code commit}: its commit fails,
 * thrown from the commit's before-commit phase, as a lost connection or a deferred constraint would
 * (spring-batch#5594). Once per process.</li>
 * </ul>
 * All listeners are thread-safe: partitions run on threads of their own.
 */
@AutoConfiguration
public class ReaderWriterFaults {

	@Bean
	@ConditionalOnProperty("rowlift.test.fail-at-byte")
	ItemReadListener<RawRecord> failAtByte(@Value("${rowlift.test.fail-at-byte}") long failAt) {
		return new ItemReadListener<>() {
			@Override
			public void afterRead(RawRecord record) {
				ByteRange range = ByteRange.readFrom(currentStep().getExecutionContext());
				if (failAt >= range.start() && failAt < range.end() && record.offset() >= failAt) {
					throw new IllegalStateException("injected failure (rowlift.test.fail-at-byte=" + failAt + ") at byte "
							+ record.offset());
				}
			}
		};
	}

	@Bean
	@ConditionalOnProperty("rowlift.test.fail-at-record")
	ItemReadListener<RawRecord> failAtRecord(@Value("${rowlift.test.fail-at-record}") long failAt) {
		AtomicLong read = new AtomicLong();
		return new ItemReadListener<>() {
			@Override
			public void afterRead(RawRecord record) {
				if (read.incrementAndGet() == failAt) {
					throw new IllegalStateException("injected failure (rowlift.test.fail-at-record=" + failAt + ")");
				}
			}
		};
	}

	/**
	 * {@code rowlift.test.slow-failed-after-step=MILLIS}: a partition that failed waits that long in its
	 * {@code afterStep}, before the cluster's {@code BadRecordHandover} saves the bad record (registered after it,
	 * so called before it: Spring Batch calls {@code afterStep} in reverse order), while Spring Batch has saved the
	 * status FAILED already: the manager sees the failure before the message, as it may on a busy machine.
	 */
	@Bean
	@ConditionalOnProperty("rowlift.test.slow-failed-after-step")
	@org.springframework.core.annotation.Order(org.springframework.core.Ordered.LOWEST_PRECEDENCE)
	StepExecutionListener slowFailedAfterStep(@Value("${rowlift.test.slow-failed-after-step}") long millis) {
		return new StepExecutionListener() {
			@Override
			public ExitStatus afterStep(StepExecution step) {
				if (step.getStatus() == org.springframework.batch.core.BatchStatus.FAILED) {
					try {
						Thread.sleep(millis);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				}
				return null;
			}
		};
	}

	@Bean
	@ConditionalOnProperty(name = "rowlift.test.miscount", havingValue = "true")
	StepExecutionListener miscount() {
		return new StepExecutionListener() {
			@Override
			public ExitStatus afterStep(StepExecution step) {
				// the step saves its context after this, so the accounting step reads the lowered count
				ExecutionContext context = step.getExecutionContext();
				if (ByteRange.isIn(context)) {
					PartitionProgress progress = PartitionProgress.readFrom(context);
					if (progress.writtenThisRun() > 0) {
						PartitionProgress.saveWritten(context, progress.written() - 1, progress.rejected(), progress.writtenAtOpen());
					}
				}
				return null;
			}
		};
	}

	@Bean
	@ConditionalOnProperty(name = "rowlift.test.pause-at", havingValue = "load")
	ItemWriteListener<RawRecord> pauseInLoad(@Value("${rowlift.test.resume-when:}") String resumeWhen) {
		Map<Long, AtomicInteger> chunks = new ConcurrentHashMap<>();
		return new ItemWriteListener<>() {
			@Override
			public void afterWrite(Chunk<? extends RawRecord> items) {
				StepExecution step = currentStep();
				if (ByteRange.readFrom(step.getExecutionContext()).index() == 0
						&& chunks.computeIfAbsent(step.getId(), id -> new AtomicInteger()).incrementAndGet() == 2) {
					pause("load", resumeWhen);
				}
			}
		};
	}

	@Bean
	@ConditionalOnProperty(name = "rowlift.test.pause-at", havingValue = "load-streams")
	ItemWriteListener<RawRecord> pauseEveryPartitionInLoad(@Value("${rowlift.test.resume-when:}") String resumeWhen) {
		Map<Long, AtomicInteger> chunks = new ConcurrentHashMap<>();
		return new ItemWriteListener<>() {
			@Override
			public void afterWrite(Chunk<? extends RawRecord> items) {
				StepExecution step = currentStep();
				if (chunks.computeIfAbsent(step.getId(), id -> new AtomicInteger()).incrementAndGet() == 2) {
					pause("load-streams in partition" + ByteRange.readFrom(step.getExecutionContext()).index(), resumeWhen);
				}
			}
		};
	}

	@Bean
	@ConditionalOnProperty("rowlift.test.roll-back-chunk")
	RollBackChunk rollBackChunk(@Value("${rowlift.test.roll-back-chunk}") String mode,
			@Value("${rowlift.test.roll-back-chunk-at:3}") int at) {
		return new RollBackChunk(mode, at);
	}

	/**
	 * {@code rowlift.test.roll-back-chunk}: a step listener, so that the spring pipeline (which takes step
	 * listener beans only) registers it too; Spring Batch's step builder registers it by each listener type it
	 * implements, so both pipelines call its {@code afterWrite}, inside the chunk's transaction.
	 */
	public static final class RollBackChunk implements StepExecutionListener, ItemWriteListener<Object> {

		private final boolean silent;

		private final int at;

		private final AtomicInteger chunks = new AtomicInteger();

		RollBackChunk(String mode, int at) {
			if (!mode.equals("silent") && !mode.equals("commit")) {
				throw new IllegalArgumentException("rowlift.test.roll-back-chunk=" + mode + ": use silent or commit");
			}
			this.silent = mode.equals("silent");
			this.at = at;
		}

		@Override
		public void afterWrite(Chunk<? extends Object> items) {
			if (this.chunks.incrementAndGet() != this.at) {
				return;
			}
			if (this.silent) {
				// what a participating transaction that rolled back leaves on the connection: rollback-only, no exception
				for (Object resource : TransactionSynchronizationManager.getResourceMap().values()) {
					if (resource instanceof ConnectionHolder holder) {
						holder.setRollbackOnly();
					}
				}
				System.out.println("rowlift-test: chunk " + this.at + " marked rollback-only");
			}
			else {
				TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
					@Override
					public void beforeCommit(boolean readOnly) {
						throw new IllegalStateException("injected commit failure (rowlift.test.roll-back-chunk=commit) of chunk "
								+ RollBackChunk.this.at);
					}
				});
			}
		}

	}

	private static StepExecution currentStep() {
		return StepSynchronizationManager.getContext().getStepExecution();
	}

	/** Prints the line the crash tests wait for, and waits until the process is killed. */
	static void pauseForGood(String phase) {
		pause(phase, "");
	}

	/**
	 * Prints the line the tests wait for, then waits until the file {@code resumeWhen} exists
	 * ({@code rowlift.test.resume-when}, for a test that changes something while the run waits) and
	 * goes on, printing {@code rowlift-test: resumed at PHASE}; without it, until the process is killed.
	 */
	static void pause(String phase, String resumeWhen) {
		System.out.println("rowlift-test: paused at " + phase);
		System.out.flush();
		try {
			if (resumeWhen == null || resumeWhen.isBlank()) {
				Thread.sleep(Long.MAX_VALUE);
			}
			while (!java.nio.file.Files.exists(java.nio.file.Path.of(resumeWhen))) {
				Thread.sleep(50);
			}
			System.out.println("rowlift-test: resumed at " + phase);
			System.out.flush();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
