package io.rowlift.job;

import java.util.function.Function;

import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStream;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;

import io.rowlift.model.CodeFault;
import io.rowlift.model.RawRecord;
import io.rowlift.progress.ChunkCommitGuard;
import io.rowlift.progress.CommittedContext;

/**
 * The worker step's reader and writer: one real reader and writer per partition, made when the
 * partition's step opens its streams (on the thread that runs it) and kept in a thread-local.
 *
 * <p>Why not step scope: a step-scoped bean is a proxy that looks the target up in the scope, by
 * reflection, on every call; for the reader that is every record, and it cost a fifth of the
 * load's Java time. A thread-local lookup costs a few nanoseconds. Spring Batch runs each partition's
 * step (open, every read and write, update, close) on one thread, which is what makes this correct.
 */
final class PartitionStreams {

	private PartitionStreams() {
	}

	/** The partition being opened on this thread. */
	static StepExecution currentStep() {
		var context = StepSynchronizationManager.getContext();
		if (context == null) {
			throw new IllegalStateException("no step is running on this thread");
		}
		return context.getStepExecution();
	}

	/** A reader that hands each partition its own delegate. */
	static final class Reader implements ItemStreamReader<RawRecord> {

		private final Function<StepExecution, ItemStreamReader<RawRecord>> factory;

		private final RunningPartitions running;

		private final ThreadLocal<ItemStreamReader<RawRecord>> current = new ThreadLocal<>();

		Reader(Function<StepExecution, ItemStreamReader<RawRecord>> factory, RunningPartitions running) {
			this.factory = factory;
			this.running = running;
		}

		@Override
		public void open(ExecutionContext context) {
			StepExecution step = currentStep();
			this.running.opened(step);
			ItemStreamReader<RawRecord> reader = this.factory.apply(step);
			reader.open(context);
			this.current.set(reader);
		}

		@Override
		public RawRecord read() throws Exception {
			return this.current.get().read();
		}

		@Override
		public void update(ExecutionContext context) {
			PartitionStreams.update(this.current.get(), context);
		}

		@Override
		public void close() {
			this.running.closed(currentStep());
			PartitionStreams.close(this.current);
		}

	}

	/** A writer that hands each partition its own delegate. */
	static final class Writer implements ItemStreamWriter<RawRecord>, StepExecutionListener {

		private final Function<StepExecution, ItemStreamWriter<RawRecord>> factory;

		private final ThreadLocal<ItemStreamWriter<RawRecord>> current = new ThreadLocal<>();

		/** The partition's {@link ChunkCommitGuard}: a chunk that rolled back while the step went on fails it. */
		private final ThreadLocal<ChunkCommitGuard> commits = new ThreadLocal<>();

		Writer(Function<StepExecution, ItemStreamWriter<RawRecord>> factory) {
			this.factory = factory;
		}

		@Override
		public void open(ExecutionContext context) {
			ItemStreamWriter<RawRecord> writer = this.factory.apply(currentStep());
			writer.open(context);
			this.current.set(writer);
			this.commits.set(new ChunkCommitGuard(currentStep().getStepName()));
		}

		/**
		 * A bug in Rowlift's code while writing ({@link CodeFault}, perhaps inside the driver's call, as a LOAD
		 * DATA stream is read) is kept among the step's failures at once: the driver may close the connection
		 * over it, and a rollback that then fails replaces it as the step's failure.
		 */
		@Override
		public void write(Chunk<? extends RawRecord> chunk) throws Exception {
			ChunkCommitGuard commits = this.commits.get();
			commits.check();
			try {
				this.current.get().write(chunk);
				commits.written(chunk.size());
			}
			catch (Exception | Error ex) {
				if (CodeFault.find(ex).isPresent()) {
					currentStep().addFailureException(ex);
				}
				throw ex;
			}
		}

		@Override
		public void update(ExecutionContext context) {
			ChunkCommitGuard commits = this.commits.get();
			if (commits != null) {
				commits.check();
			}
			PartitionStreams.update(this.current.get(), context);
		}

		/** Takes a chunk that rolled back silently out of the step's counts ({@link ChunkCommitGuard#correct}). */
		@Override
		public ExitStatus afterStep(StepExecution step) {
			ChunkCommitGuard commits = this.commits.get();
			if (commits != null) {
				commits.correct(step);
			}
			return null;
		}

		@Override
		public void close() {
			this.commits.remove();
			PartitionStreams.close(this.current);
		}

	}

	private static void update(ItemStream stream, ExecutionContext context) {
		if (stream != null) {
			CommittedContext.update(stream::update, context); // a failed commit must not leave its offsets in the context
		}
	}

	private static void close(ThreadLocal<? extends ItemStream> current) {
		ItemStream stream = current.get();
		current.remove();
		if (stream != null) {
			stream.close();
		}
	}

}
