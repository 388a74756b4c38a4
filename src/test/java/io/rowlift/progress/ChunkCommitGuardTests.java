package io.rowlift.progress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.rowlift.RowliftException;

/** A partition stops at its next write or save once a chunk it wrote rolled back and the step went on. */
class ChunkCommitGuardTests {

	private final TransactionTemplate chunks = new TransactionTemplate(new ResourcelessTransactionManager());

	@Test
	void committedChunksPassTheCheck() {
		ChunkCommitGuard guard = new ChunkCommitGuard("loadWorker:partition0");
		this.chunks.executeWithoutResult(status -> guard.written(1000));
		this.chunks.executeWithoutResult(status -> guard.written(1000));
		assertThatNoException().isThrownBy(guard::check);
	}

	@Test
	void aChunkRolledBackWithoutAnErrorFailsTheNextCheck() {
		ChunkCommitGuard guard = new ChunkCommitGuard("loadWorker:partition0");
		this.chunks.executeWithoutResult(status -> guard.written(1000));
		// what Spring Batch 6.0.4 does with a chunk marked rollback-only: rolls it back silently and goes on
		this.chunks.executeWithoutResult(status -> {
			guard.written(500);
			status.setRollbackOnly();
		});
		assertThatThrownBy(guard::check).isInstanceOf(RowliftException.class)
			.hasMessageStartingWith("loadWorker:partition0: a chunk of 500 records was rolled back without an error")
			.hasMessageEndingWith("run the same command again to resume from there")
			.satisfies(ex -> assertThat(((RowliftException) ex).exitCode()).isEqualTo(1));
	}

	@Test
	void aCheckInsideTheChunkThatWillRollBackPasses() {
		ChunkCommitGuard guard = new ChunkCommitGuard("loadWorker:partition1");
		this.chunks.executeWithoutResult(status -> {
			guard.written(10);
			status.setRollbackOnly();
			guard.check(); // the save of the same chunk's context: it has not rolled back yet
		});
		assertThatThrownBy(guard::check).isInstanceOf(RowliftException.class);
	}

	@Test
	void theStoppedPartitionsCountsLoseTheRolledBackChunkOnce() {
		ChunkCommitGuard guard = new ChunkCommitGuard("loadWorker:partition0");
		StepExecution step = new StepExecution("loadWorker:partition0", null);
		this.chunks.executeWithoutResult(status -> guard.written(1000));
		this.chunks.executeWithoutResult(status -> {
			guard.written(700);
			status.setRollbackOnly();
		});
		// as Spring Batch counted them: both chunks written and committed
		step.setWriteCount(1700);
		step.setCommitCount(2);
		assertThatThrownBy(guard::check).isInstanceOf(RowliftException.class);

		guard.correct(step);
		guard.correct(step); // afterStep may be called twice (the writer registered as a listener by two routes)

		assertThat(step.getWriteCount()).isEqualTo(1000);
		assertThat(step.getCommitCount()).isEqualTo(1);
		assertThat(step.getRollbackCount()).isEqualTo(1);
	}

	@Test
	void aFailedCommitThatStoppedNothingLeavesTheCountsToSpringBatch() {
		ChunkCommitGuard guard = new ChunkCommitGuard("loadWorker:partition0");
		StepExecution step = new StepExecution("loadWorker:partition0", null);
		step.setWriteCount(1000);
		this.chunks.executeWithoutResult(status -> {
			guard.written(500);
			status.setRollbackOnly();
		});
		guard.correct(step);
		assertThat(step.getWriteCount()).isEqualTo(1000);
	}

}
