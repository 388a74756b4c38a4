package io.rowlift.job;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.job.parameters.JobParameter;
import org.springframework.batch.core.repository.dao.DefaultExecutionContextSerializer;

/**
 * The job repository's rows of stored plans and job parameters, as the integration tests read and rewrite
 * them: to look at what a run stored, and to make a run look as an earlier version left it.
 */
final class StoredPlanRows {

	private StoredPlanRows() {
	}

	/** Every job execution's context, by execution id, as Spring Batch stored it. */
	static Map<Long, Map<String, Object>> contexts(Connection c) throws Exception {
		Map<Long, Map<String, Object>> contexts = new LinkedHashMap<>();
		try (PreparedStatement st = c.prepareStatement(
				"SELECT JOB_EXECUTION_ID, SHORT_CONTEXT, SERIALIZED_CONTEXT FROM BATCH_JOB_EXECUTION_CONTEXT ORDER BY JOB_EXECUTION_ID");
				ResultSet rs = st.executeQuery()) {
			while (rs.next()) {
				String text = rs.getString(3) != null ? rs.getString(3) : rs.getString(2);
				contexts.put(rs.getLong(1), new DefaultExecutionContextSerializer()
					.deserialize(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1))));
			}
		}
		return contexts;
	}

	/** The plan stored in every job execution context that holds one, by execution id. */
	static Map<Long, RunPlan> plans(Connection c) throws Exception {
		Map<Long, RunPlan> plans = new LinkedHashMap<>();
		for (Map.Entry<Long, Map<String, Object>> context : contexts(c).entrySet()) {
			Object packed = context.getValue().get(RunPlan.CONTEXT_KEY);
			if (packed != null) {
				plans.put(context.getKey(), RunPlan.fromJson(PackedPlan.unpack((String) packed)));
			}
		}
		return plans;
	}

	/** The id of the newest job execution. */
	static long lastExecution(Connection c) throws Exception {
		try (PreparedStatement st = c.prepareStatement("SELECT MAX(JOB_EXECUTION_ID) FROM BATCH_JOB_EXECUTION");
				ResultSet rs = st.executeQuery()) {
			rs.next();
			return rs.getLong(1);
		}
	}

	/** The names of an execution's job parameters. */
	static List<String> parameterNames(Connection c, long execution) throws Exception {
		List<String> names = new ArrayList<>();
		try (PreparedStatement st = c.prepareStatement(
				"SELECT PARAMETER_NAME FROM BATCH_JOB_EXECUTION_PARAMS WHERE JOB_EXECUTION_ID = ?")) {
			st.setLong(1, execution);
			try (ResultSet rs = st.executeQuery()) {
				while (rs.next()) {
					names.add(rs.getString(1));
				}
			}
		}
		return names;
	}

	/**
	 * Adds to an execution's job parameters the plan parameters the versions up to 1dc5d08 wrote for
	 * {@code plan} ({@link EarlierVersionParameters}), as Spring Batch writes a parameter; those it holds stay.
	 * @return how many were added
	 */
	static int addEarlierParameters(Connection c, long execution, RunPlan plan) throws Exception {
		List<String> held = parameterNames(c, execution);
		int added = 0;
		for (JobParameter<?> p : EarlierVersionParameters.of(plan)) {
			if (held.contains(p.name())) {
				continue;
			}
			try (PreparedStatement st = c.prepareStatement("INSERT INTO BATCH_JOB_EXECUTION_PARAMS (JOB_EXECUTION_ID, PARAMETER_NAME, "
					+ "PARAMETER_TYPE, PARAMETER_VALUE, IDENTIFYING) VALUES (?, ?, ?, ?, ?)")) {
				st.setLong(1, execution);
				st.setString(2, p.name());
				st.setString(3, p.type().getName());
				st.setString(4, String.valueOf(p.value()));
				st.setString(5, p.identifying() ? "Y" : "N");
				st.executeUpdate();
			}
			added++;
		}
		return added;
	}

}
