package io.rowlift.load;

import java.util.Objects;

import io.rowlift.database.TargetProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.report.ReportProperties;
import io.rowlift.source.SourceProperties;

/**
 * One load to run: the input ({@code rowlift.source.*}), the table ({@code rowlift.target.*}), the job's
 * settings ({@code rowlift.job.*}) and where its reports go ({@code rowlift.report.*}), each as Boot binds
 * it. Made with {@link #builder}; immutable.
 *
 * @param source the input file and its format
 * @param target the table, its load mode and write method
 * @param job partitions, threads, chunk size, resume and start-over, before- and after-SQL
 * @param report the reject file, the summary file and the HTML report
 */
public record LoadRequest(SourceProperties source, TargetProperties target, JobProperties job, ReportProperties report) {

	public LoadRequest {
		Objects.requireNonNull(source, "source");
		Objects.requireNonNull(target, "target");
		Objects.requireNonNull(job, "job");
		Objects.requireNonNull(report, "report");
	}

	/** A builder with nothing set; every part must be set before {@link Builder#build}. */
	public static Builder builder() {
		return new Builder();
	}

	/** A builder that starts from this request: the scheduled service replaces the file and the table per inbox file. */
	public Builder toBuilder() {
		return new Builder().source(this.source).target(this.target).job(this.job).report(this.report);
	}

	/** Builds a {@link LoadRequest}. Not thread-safe. */
	public static final class Builder {

		private SourceProperties source;

		private TargetProperties target;

		private JobProperties job;

		private ReportProperties report;

		private Builder() {
		}

		public Builder source(SourceProperties source) {
			this.source = source;
			return this;
		}

		public Builder target(TargetProperties target) {
			this.target = target;
			return this;
		}

		public Builder job(JobProperties job) {
			this.job = job;
			return this;
		}

		public Builder report(ReportProperties report) {
			this.report = report;
			return this;
		}

		/** @throws NullPointerException naming the part that is not set */
		public LoadRequest build() {
			return new LoadRequest(this.source, this.target, this.job, this.report);
		}

	}

}
