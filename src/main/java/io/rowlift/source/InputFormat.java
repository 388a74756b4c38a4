package io.rowlift.source;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * One kind of input (CSV, ...): the seam between the load and what it reads. A format opens a source
 * ({@link #open}: reads what precedes the data, such as a header, and checks it) into an
 * {@link InputSource}, which splits the data into independent units of work, opens a reader at the
 * position a unit saved (a value the format alone reads and writes), locates records for messages and
 * measures progress. The rest of Rowlift, the job, the writers and the reports, knows a format only
 * through these two types; {@link InputFormats} chooses one for a load.
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface InputFormat {

	/** The format's name, as {@code rowlift.source.format} would give it ({@code csv}). */
	String name();

	/** The format as messages name it ({@code csv}, {@code gzip-compressed csv}); its name by default. */
	default String description() {
		return name();
	}

	/** What the format can do beyond the seam's minimum. */
	Set<InputCapability> capabilities();

	/** Whether the format has {@code capability}. */
	default boolean can(InputCapability capability) {
		return capabilities().contains(capability);
	}

	/**
	 * Checks the settings this format reads, before anything else of the load is checked.
	 * @throws io.rowlift.RowliftException (exit 2) naming the setting Rowlift cannot read with
	 */
	void checkSettings(SourceProperties settings);

	/**
	 * Opens {@code file} for a load: reads and checks what precedes the data.
	 * @param file the canonical path of the input
	 * @param displayName the input as the operator named it, for messages
	 * @param settings {@code rowlift.source.*}
	 * @throws io.rowlift.RowliftException (exit 2) when the input cannot be read or does not start as the format says
	 */
	InputSource open(Path file, String displayName, SourceProperties settings);

	/**
	 * Opens {@code file} again as a run's first run opened it, from the input's {@link InputSource#state()}:
	 * nothing is read or checked (a resume's fingerprint check has done that).
	 * @param state as {@link InputSource#state()} gave it, after a JSON round trip (numbers may come back narrower)
	 */
	InputSource reopen(Path file, String displayName, Map<String, ?> state);

}
