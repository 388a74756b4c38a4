package io.rowlift.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import javax.sql.DataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.DataSourceSettings;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.job.spring.SpringExtensions;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.sort.SortProperties;
import io.rowlift.source.InputCapability;
import io.rowlift.source.InputFormats;
import io.rowlift.source.SourceProperties;

/**
 * How a new run loads what {@link LoadPlanner} found (the file, the table, the mapping): its key order,
 * pipeline, sizing and sort folder, chosen once when the run starts from the request's settings and stored with it; a resume takes
 * the stored plan instead ({@link RunStarts}). Exit 2 for a key the mode cannot match on, or a format the
 * spring pipeline cannot read. Thread-safe (it keeps no state between runs).
 */
final class RunPlanner {

	private final DataSource dataSource;

	private final TargetDialect dialect;

	/** {@code spring.datasource.*}: the URL names the sort folder's database, the pool bounds the threads. */
	private final DataSourceSettings connection;

	/** Why user code needs the spring pipeline, or null (see {@link PipelineChoice}). */
	private final String userCode;

	RunPlanner(DataSource dataSource, TargetDialect dialect, DataSourceSettings connection, String userCode) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.connection = connection;
		this.userCode = userCode;
	}

	/**
	 * The plan of a new run: key order, sizing, sort folder and pipeline chosen now, with what decides its rows
	 * ({@code source}, {@code choices}) and its before/after SQL, as it is stored with the run.
	 * @param dropIndexes the request's {@code rowlift.schema.drop-indexes}: whether the load drops the unique indexes
	 * a key mode could match on instead
	 * @param sort the request's {@code rowlift.sort.*}: the key order asked for, the sort folder and the streams (the
	 * plan keeps what they decided, so a resume never reads them again)
	 */
	RunPlan fresh(String key, String fingerprint, LoadPlan plan, JobProperties settings, SortProperties sort, boolean dropIndexes,
			TargetMode mode,
			WriteChoice write, SourceProperties source, ColumnChoices choices, LoadSql sql)
			throws IOException {
		long fileBytes = InputFormats.isFolder(plan.file()) ? plan.input().size() : Files.size(plan.file());
		long dataBytes = plan.input().size();
		int cores = Runtime.getRuntime().availableProcessors();
		// upsert, ignore: exit 2 for a bad key; the unique indexes the load drops cannot match instead of it
		KeyMatching.resolve(this.dataSource, this.dialect, plan.mapping(), mode, dropIndexes);
		PipelineChoice pipeline = PipelineChoice.choose(settings.pipeline(), this.userCode);
		if (pipeline.pipeline() == Pipeline.SPRING) { // exit 2 when the spring pipeline cannot read the input's format
			InputFormats.checkSpringPipeline(plan.input().format(), plan.displayName(), "spring", pipeline.reason());
			if (plan.mapping().compression() != null) {
				throw RowliftException.badInput(TargetProperties.COMPRESS + "=zstd is set, but the spring pipeline (" + pipeline.reason()
						+ ") does not compress columns; run it on the fast pipeline (rowlift.job.pipeline=fast, the default without "
						+ "user code), or leave " + TargetProperties.COMPRESS + " unset");
			}
			// Rowlift's mapper computes columns; a user's mapper makes the items itself, so nothing would compute them
			if (plan.mapping().computed() && pipeline.reason().contains(SpringExtensions.USER_MAPPER)) {
				throw RowliftException.badInput("rowlift.target.columns.<column>.expression is set, but " + pipeline.reason()
						+ " and makes the rows itself, so no column would be computed; compute the value in that mapper, "
						+ "or remove the mapper's jar from loader.path to let Rowlift's mapper compute it");
			}
		}
		KeyOrderChoice order = pipeline.pipeline() == Pipeline.SPRING
				? new KeyOrderChoice(KeyOrder.FILE, "the spring pipeline writes in file order")
				: mode.mode().matchesKeys() && mode.upsertKey() != null
						? new KeyOrderChoice(KeyOrder.FILE, "mode " + mode.mode().setting() + " matches on " + mode.upsertKey()
								+ ", not the primary key the sort orders by: a key repeated in the file keeps its file order")
				: KeyOrderChoice.choose(sort.keyOrder(), KeyOrderChoice.keyOf(plan.mapping(), this.dialect),
						plan.table(), plan.input(), dataBytes);
		Path sortDir = order.order() == KeyOrder.SORT ? SortSpace.reserve(sort.spillRoot(),
				this.connection.urlOrEmpty(), key, fileBytes, plan.displayName()) : null;
		Integer streams = sort.streams();
		Sizing sizing = Sizing.choose(settings, order.order(), this.dialect.writing().path(write.method()), cores, poolSize(),
				this.dialect.sizing().defaultPartitions(dataBytes, cores), this.dialect.sizing().partitionsReason(),
				streams != null ? streams : this.dialect.sizing().defaultSortedStreams(cores),
				streams != null ? "set by rowlift.sort.streams" : this.dialect.sizing().sortedStreamsReason());
		if (!plan.input().format().can(InputCapability.BYTE_RANGES) && !plan.input().format().can(InputCapability.SPLIT)) {
			// a compressed stream is read from its start
			sizing = sizing.oneStream(plan.input().format().description() + " input is one stream, read from its start");
		}
		return RunPlan.planned(key, fingerprint, Instant.now().toString(), plan, sizing, write, order, sortDir, pipeline, mode,
				source, choices, sql);
	}

	/** {@code spring.datasource.hikari.maximum-pool-size}, which bounds the threads. */
	int poolSize() {
		return this.connection.hikari().maximumPoolSize();
	}

}
