package io.rowlift.job;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * Instants Rowlift keeps in an execution context as ISO-8601 text ({@link RunTimes}, {@link StepTimes}),
 * because the job tables' own times may have lost their fraction. Stateless.
 */
final class ContextInstants {

	private ContextInstants() {
	}

	/** The instant under {@code key}, or null when there is none or it is not one of ours. */
	static Instant read(ExecutionContext context, String key) {
		if (context == null || !context.containsKey(key)) {
			return null;
		}
		try {
			return Instant.parse(String.valueOf(context.get(key)));
		}
		catch (DateTimeParseException ex) {
			return null; // not ours: the job table's time will do
		}
	}

	/** From {@code start} to {@code end} (to now when {@code end} is null); zero when it never started. */
	static Duration between(LocalDateTime start, LocalDateTime end) {
		return start == null ? Duration.ZERO : Duration.between(start, end == null ? LocalDateTime.now() : end);
	}

}
