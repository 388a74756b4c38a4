package io.rowlift.job;


import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The pipeline a new load uses, and why (stored with the run's plan, {@link RunPlan}); a resume keeps its
 * first run's, and a run started before there was a choice reads {@link Pipeline#FAST}
 * ({@link LegacyRunParameters}).
 *
 * <p>The rule: {@code rowlift.job.pipeline} when set; else {@link Pipeline#SPRING} when a user
 * {@code ItemProcessor} or {@code FieldSetMapper} bean is present; else {@link Pipeline#FAST}. With
 * {@code rowlift.job.pipeline=fast} set and such a bean present, the fast path runs, the user's
 * processor and mapper are not used, a warning says so and so does the reason (an explicit setting
 * wins, so that a jar left on {@code loader.path} does not stop a fast load).
 *
 * @param pipeline the pipeline
 * @param reason why, in a few words
 */
public record PipelineChoice(Pipeline pipeline, String reason) {

	private static final Log log = LogFactory.getLog(PipelineChoice.class);

	/**
	 * @param configured {@code rowlift.job.pipeline}, or null when not set
	 * @param userCode why user code needs the spring pipeline ("a user ItemProcessor bean ... is present"), or null
	 */
	public static PipelineChoice choose(Pipeline configured, String userCode) {
		if (configured == Pipeline.FAST && userCode != null) {
			log.warn("rowlift.job.pipeline=fast, so " + userCode.replace(" is present", "") + " is not used: the fast path has "
					+ "no place for it; remove the setting (or set it to spring) to run the user's code");
			return new PipelineChoice(Pipeline.FAST, "set by rowlift.job.pipeline; " + userCode + " but is not used");
		}
		if (configured != null) {
			return new PipelineChoice(configured, "set by rowlift.job.pipeline");
		}
		if (userCode != null) {
			return new PipelineChoice(Pipeline.SPRING, userCode);
		}
		return new PipelineChoice(Pipeline.FAST, "default");
	}

}
