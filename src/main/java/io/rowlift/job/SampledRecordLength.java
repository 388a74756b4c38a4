package io.rowlift.job;

import java.nio.file.Path;

import io.rowlift.RowliftException;
import io.rowlift.database.InputRecordLength;
import io.rowlift.source.InputFormats;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceProperties;

/**
 * The configured input's record length for the database side ({@link InputRecordLength}), sampled with
 * the load's own parser ({@link RecordSample}) in the configured dialect, after the header. Asked once,
 * when a database is created, before the launcher runs: so the file is checked here as the launcher
 * checks it (a missing file is exit 2 and no database is made), while a header the launcher will refuse
 * only leaves nothing to sample (the refusal comes where it always did, after the table is checked).
 * Stateless; thread-safe.
 */
final class SampledRecordLength implements InputRecordLength {

	private final SourceProperties source;

	SampledRecordLength(SourceProperties source) {
		this.source = source;
	}

	@Override
	public long averageBytes() {
		String configured = this.source.path();
		if (configured == null || configured.isBlank()) {
			return -1; // the launcher names the missing setting
		}
		if (configured.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{')) {
			return -1; // a glob: the scheduled service's inbox, whose files come later, one load each
		}
		Path file = LoadPlanner.checkFile(configured);
		InputSource input;
		try {
			input = InputFormats.open(file, configured, this.source);
		}
		catch (RowliftException ex) {
			return -1;
		}
		return input.averageRecordBytes((int) this.source.readBuffer().toBytes(), (int) this.source.maxRecordSize().toBytes());
	}

}
