package io.rowlift.progress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStream;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/** A stream's context changes stay only when the chunk's transaction commits. */
class CommittedContextTests {

	/** Moves the offset on, as a partition's reader does before each commit, and adds a key the first time. */
	private static final ItemStream READER = new ItemStream() {
		@Override
		public void update(ExecutionContext context) {
			context.putLong("reader.offset", context.getLong("reader.offset", 0L) + 100);
			context.putString("reader.first", "seen");
		}
	};

	@Test
	void aCommittedChunkKeepsTheNewValues() {
		ExecutionContext context = new ExecutionContext();
		context.putLong("reader.offset", 100);
		new TransactionTemplate(new ResourcelessTransactionManager())
			.executeWithoutResult(status -> CommittedContext.update(READER::update, context));
		assertThat(context.getLong("reader.offset")).isEqualTo(200);
		assertThat(context.getString("reader.first")).isEqualTo("seen");
	}

	@Test
	void aRolledBackChunkGetsTheValuesBeforeIt() {
		ExecutionContext context = new ExecutionContext();
		context.putLong("reader.offset", 100);
		context.putString("partition.range", "0-999");
		assertThatThrownBy(() -> new TransactionTemplate(new ResourcelessTransactionManager()).executeWithoutResult(status -> {
			CommittedContext.update(READER::update, context);
			throw new IllegalStateException("the context update failed: database or disk is full");
		})).hasMessageContaining("disk is full");
		assertThat(context.getLong("reader.offset")).isEqualTo(100);
		assertThat(context.containsKey("reader.first")).as("a key the rolled-back chunk added").isFalse();
		assertThat(context.getString("partition.range")).isEqualTo("0-999");
	}

	@Test
	void aFailedCommitGetsTheValuesBeforeIt() {
		ExecutionContext context = new ExecutionContext();
		context.putLong("reader.offset", 100);
		ResourcelessTransactionManager failingCommit = new ResourcelessTransactionManager() {
			@Override
			protected void doCommit(DefaultTransactionStatus status) {
				throw new TransactionSystemException("JDBC commit failed");
			}
		};
		assertThatThrownBy(() -> new TransactionTemplate(failingCommit)
			.executeWithoutResult(status -> CommittedContext.update(READER::update, context))).hasMessage("JDBC commit failed");
		assertThat(context.getLong("reader.offset")).isEqualTo(100);
		assertThat(context.containsKey("reader.first")).isFalse();
	}

	@Test
	void outsideATransactionTheUpdateStands() {
		ExecutionContext context = new ExecutionContext();
		CommittedContext.update(READER::update, context);
		assertThat(context.getLong("reader.offset")).isEqualTo(100);
	}

}
