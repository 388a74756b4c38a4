package io.rowlift.load;

import java.util.Objects;

import io.rowlift.database.TargetProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.report.ReportProperties;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.sort.SortProperties;
import io.rowlift.source.SourceProperties;

/**
 * One load to run: the input ({@code rowlift.source.*}), the table ({@code rowlift.target.*}), the job's
 * settings ({@code rowlift.job.*}), where its reports go ({@code rowlift.report.*}), what the load does to the
 * table's schema and indexes ({@code rowlift.schema.*}) and how it orders rows by key ({@code rowlift.sort.*}),
 * each as Boot binds it. Everything of a load that may
 * differ from one load to the next in one process (the scheduled service's files) travels here, never through
 * a bean of the context (issue #35). Made with {@link #builder}; immutable.
 *
 * @param source the input file and its format
 * @param target the table, its load mode and write method
 * @param job partitions, threads, chunk size, resume and start-over, before- and after-SQL
 * @param report the reject file, the summary file and the HTML report
 * @param schema whether the load drops and rebuilds the indexes, and whether a missing table is inferred
 * @param sort the key order asked for, the sort's memory, folder and streams
 */
public record LoadRequest(SourceProperties source, TargetProperties target, JobProperties job, ReportProperties report,
		SchemaProperties schema, SortProperties sort) {

	public LoadRequest {
		Objects.requireNonNull(source, "source");
		Objects.requireNonNull(target, "target");
		Objects.requireNonNull(job, "job");
		Objects.requireNonNull(report, "report");
		Objects.requireNonNull(schema, "schema");
		Objects.requireNonNull(sort, "sort");
	}

	/** A builder with nothing set; every part must be set before {@link Builder#build}. */
	public static Builder builder() {
		return new Builder();
	}

	/** A builder that starts from this request: the scheduled service replaces the file and the table per inbox file. */
	public Builder toBuilder() {
		return new Builder().source(this.source).target(this.target).job(this.job).report(this.report).schema(this.schema)
			.sort(this.sort);
	}

	/** Builds a {@link LoadRequest}. Not thread-safe. */
	public static final class Builder {

		private SourceProperties source;

		private TargetProperties target;

		private JobProperties job;

		private ReportProperties report;

		private SchemaProperties schema;

		private SortProperties sort;

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

		public Builder schema(SchemaProperties schema) {
			this.schema = schema;
			return this;
		}

		public Builder sort(SortProperties sort) {
			this.sort = sort;
			return this;
		}

		/** @throws NullPointerException naming the part that is not set */
		public LoadRequest build() {
			return new LoadRequest(this.source, this.target, this.job, this.report, this.schema, this.sort);
		}

	}

}
