package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;

import io.rowlift.model.BadRecordException;

/** Which of Spring Batch's ERROR lines {@link BadRecordLogLines} keeps off the terminal: those about a bad record, no other. */
class BadRecordLogLinesTests {

	private final LoggerContext context = new LoggerContext();

	private final BadRecordLogLines.Repeated filter = new BadRecordLogLines.Repeated();

	private FilterReply decide(String logger, Level level, String message, Throwable failure) {
		LoggingEvent event = new LoggingEvent(BadRecordLogLinesTests.class.getName(), this.context.getLogger(logger), level, message,
				failure, null);
		return this.filter.decide(event);
	}

	@Test
	void aBadRecordAnywhereInTheCausesOfAFrameworkErrorIsLeftOut() {
		Exception wrapped = new IllegalStateException("chunk", new RuntimeException("write", new BadRecordException("p.csv:3:2 (byte 20): bad")));
		assertThat(decide("org.springframework.batch.core.step.item.ChunkOrientedStep", Level.ERROR, "Rolling back chunk transaction", wrapped))
			.isEqualTo(FilterReply.DENY);
		assertThat(decide("org.springframework.batch.core.step.AbstractStep", Level.ERROR, "Encountered an error executing step loadWorker",
				new BadRecordException("p.csv:3:2 (byte 20): bad"))).isEqualTo(FilterReply.DENY);
	}

	@Test
	void linesThatOnlyRepeatAnotherAreLeftOut() {
		assertThat(decide("org.springframework.batch.core.step.item.ChunkOrientedStep", Level.ERROR, BadRecordLogLines.NOT_SKIPPABLE, null))
			.isEqualTo(FilterReply.DENY);
		// Spring Batch 6.0.6's words for the same moment, as its ChunkOrientedStep logs them
		assertThat(decide("org.springframework.batch.core.step.item.ChunkOrientedStep", Level.ERROR,
				"Chunk write failed with an exception that cannot be skipped", null)).isEqualTo(FilterReply.DENY);
		assertThat(decide("org.springframework.batch.core.step.AbstractStep", Level.ERROR, "Encountered an error executing step load",
				new org.springframework.batch.core.job.JobExecutionException(BadRecordLogLines.PARTITIONS))).isEqualTo(FilterReply.DENY);
	}

	@Test
	void everyOtherFailureKeepsItsErrorLine() {
		Exception gone = new IllegalStateException("connection refused");
		assertThat(decide("org.springframework.batch.core.step.item.ChunkOrientedStep", Level.ERROR, "Rolling back chunk transaction", gone))
			.isEqualTo(FilterReply.NEUTRAL);
		assertThat(decide("org.springframework.batch.core.step.AbstractStep", Level.ERROR, "Encountered an error", gone))
			.isEqualTo(FilterReply.NEUTRAL);
		assertThat(decide("org.springframework.batch.core.step.item.ChunkOrientedStep", Level.ERROR, "something else", null))
			.isEqualTo(FilterReply.NEUTRAL);
		// a bad record at another level, or said by another logger than Spring Batch's, is not this filter's business
		BadRecordException bad = new BadRecordException("p.csv:3:2 (byte 20): bad");
		assertThat(decide("org.springframework.batch.core.step.AbstractStep", Level.WARN, "x", bad)).isEqualTo(FilterReply.NEUTRAL);
		assertThat(decide("io.rowlift.job.LoadLauncher", Level.ERROR, "x", bad)).isEqualTo(FilterReply.NEUTRAL);
	}

}
