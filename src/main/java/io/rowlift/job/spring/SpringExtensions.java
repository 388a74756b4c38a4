package io.rowlift.job.spring;

import java.util.ArrayList;
import java.util.List;

import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.infrastructure.item.ItemProcessor;
import org.springframework.batch.infrastructure.item.database.ItemSqlParameterSourceProvider;
import org.springframework.batch.infrastructure.item.file.mapping.FieldSetMapper;

import io.rowlift.RowliftException;

/**
 * The user's Spring Batch code found in the context (a jar on Boot's {@code loader.path} contributes
 * it with an auto-configuration): at most one {@link ItemProcessor}, at most one
 * {@link FieldSetMapper}, at most one {@link ItemSqlParameterSourceProvider}, and any number of
 * {@link JobExecutionListener}s and {@link StepExecutionListener}s (registered on the load job and
 * on every partition's worker step, in both pipelines). Immutable.
 *
 * @param processor the user's processor, or null
 * @param mapper the user's field set mapper, or null
 * @param parameters the user's parameter source provider for {@code rowlift.job.spring.sql}, or null
 * @param jobListeners the user's job listeners
 * @param stepListeners the user's step listeners
 * @param sql the user's INSERT with named parameters ({@code rowlift.job.spring.sql}), or null for the mapping's own
 */
public record SpringExtensions(ItemProcessor<Object, Object> processor, FieldSetMapper<?> mapper,
		ItemSqlParameterSourceProvider<Object> parameters, List<JobExecutionListener> jobListeners,
		List<StepExecutionListener> stepListeners, String sql) {

	/** None: the fast path's defaults. */
	public static final SpringExtensions NONE = new SpringExtensions(null, null, null, List.of(), List.of(), null);

	/** How {@link #selectsSpring} names a user's mapper: a reason that holds it means the user's mapper maps the records. */
	public static final String USER_MAPPER = "a user FieldSetMapper bean ";

	/** These extensions with {@code listener} before the user's step listeners (Rowlift's own, which every partition has). */
	public SpringExtensions withStepListenerFirst(StepExecutionListener listener) {
		List<StepExecutionListener> listeners = new ArrayList<>(this.stepListeners.size() + 1);
		listeners.add(listener);
		listeners.addAll(this.stepListeners);
		return new SpringExtensions(this.processor, this.mapper, this.parameters, this.jobListeners, List.copyOf(listeners), this.sql);
	}

	/** Why the spring pipeline is needed, or null when no processor or mapper is there. */
	public String selectsSpring() {
		List<String> found = new ArrayList<>();
		if (this.processor != null) {
			found.add("a user ItemProcessor bean " + this.processor.getClass().getName() + " is present");
		}
		if (this.mapper != null) {
			found.add(USER_MAPPER + this.mapper.getClass().getName() + " is present");
		}
		return found.isEmpty() ? null : String.join(" and ", found);
	}

	/** The one bean of a kind, or null; several: exit 2. */
	static <T> T single(List<T> beans, String kind) {
		if (beans.size() > 1) {
			throw RowliftException.badInput(beans.size() + " " + kind + " beans are present ("
					+ String.join(", ", beans.stream().map(b -> b.getClass().getName()).toList())
					+ "); the spring pipeline takes one: compose them in one bean, or remove the jars of the others from loader.path");
		}
		return beans.isEmpty() ? null : beans.get(0);
	}

}
