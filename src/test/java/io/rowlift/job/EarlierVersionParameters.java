package io.rowlift.job;

import java.util.Objects;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.sort.KeyOrderChoice;

/**
 * The job parameters of a new run as the versions up to 1dc5d08 wrote them, the whole plan among them (quoted
 * from that version's {@code RunPlanParameters.of}), for the tests of runs those versions started: the
 * versions before stored plans had nothing else, those after kept both.
 */
final class EarlierVersionParameters {

	private EarlierVersionParameters() {
	}

	/** The parameters 1dc5d08 wrote for a new run of {@code plan} (a new plan, or the one stored with the run). */
	static JobParameters of(RunPlan plan) {
		return of(plan.loadKey(), plan.fingerprint(), plan.started(), plan.storedFile(), plan.displayName(), plan.table(),
				plan.sizing(), plan.write(), plan.keyOrder(), plan.storedSortDir() == null ? "" : plan.storedSortDir(),
				plan.pipeline(), plan.target());
	}

	private static JobParameters of(String key, String fingerprint, String started, String file, String display, String table,
			Sizing sizing, WriteChoice write, KeyOrderChoice keyOrder, String sortDir, PipelineChoice pipeline, TargetMode target) {
		return new JobParametersBuilder().addString(LoadJobNames.WRITE_METHOD, write.method().name(), false)
			.addString(LoadJobNames.WRITE_METHOD + "-reason", write.reason(), false)
			.addString(LoadJobNames.LOAD_KEY, key, true)
			.addString(LoadJobNames.FINGERPRINT, fingerprint, true)
			.addString(LoadJobNames.STARTED, started, true)
			.addString(LoadJobNames.PATH, file, false)
			.addString(LoadJobNames.DISPLAY, display, false)
			.addString(LoadJobNames.TABLE, table, false)
			.addLong(LoadJobNames.PARTITIONS, (long) sizing.partitions(), false)
			.addString(LoadJobNames.PARTITIONS + "-reason", sizing.partitionsReason(), false)
			.addLong(LoadJobNames.THREADS, (long) sizing.threads(), false)
			.addLong(LoadJobNames.CHUNK_SIZE, (long) sizing.chunkSize(), false)
			.addString(LoadJobNames.CHUNK_SIZE + "-reason", sizing.chunkSizeReason(), false)
			.addString(LoadJobNames.KEY_ORDER, keyOrder.order().name(), false)
			.addString(LoadJobNames.KEY_ORDER + "-reason", keyOrder.reason(), false)
			.addString(LoadJobNames.SORT_DIR, sortDir, false)
			.addString(LoadJobNames.PIPELINE, pipeline.pipeline().name(), false)
			.addString(LoadJobNames.PIPELINE + "-reason", pipeline.reason(), false)
			.addString(LoadJobNames.MODE, target.mode().name(), false)
			.addString(LoadJobNames.UPSERT_KEY, Objects.requireNonNullElse(target.upsertKey(), ""), false)
			.toJobParameters();
	}

}
