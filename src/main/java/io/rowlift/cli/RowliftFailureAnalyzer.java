package io.rowlift.cli;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import io.rowlift.RowliftException;

/** Shows a Rowlift problem found while starting (a bad URL, say) as its message, without a stack trace. */
public final class RowliftFailureAnalyzer extends AbstractFailureAnalyzer<RowliftException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RowliftException cause) {
		return new FailureAnalysis(cause.getMessage(), "Fix the setting named above and run the same command again.", cause);
	}

}
