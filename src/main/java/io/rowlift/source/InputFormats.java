package io.rowlift.source;

import java.nio.file.Path;
import java.util.List;

import io.rowlift.RowliftException;
import io.rowlift.model.PrintableName;
import io.rowlift.source.csv.CsvInputFormat;
import io.rowlift.source.documents.DocumentsInputFormat;
import io.rowlift.source.jsonl.JsonlInputFormat;

/**
 * The registry of input formats: the one place that names them all. A load's format is the one
 * {@code rowlift.source.format} names; without it, documents for a folder or a glob ({@code docs/*.json}), JSON Lines
 * for a file whose name ends {@code .jsonl} or {@code .ndjson}, else CSV (Rowlift read nothing else before the seam, so a {@code .txt} or {@code .tsv}
 * stays CSV with the configured dialect). Thread-safe.
 */
public final class InputFormats {

	private static final InputFormat CSV = new CsvInputFormat();

	private static final InputFormat JSONL = new JsonlInputFormat();

	private static final InputFormat DOCUMENTS = new DocumentsInputFormat();

	private static final List<InputFormat> ALL = List.of(CSV, JSONL, DOCUMENTS);

	private InputFormats() {
	}

	/** Every format, CSV first. */
	public static List<InputFormat> all() {
		return ALL;
	}

	/**
	 * The format named {@code name} ({@link InputFormat#name()}), as a stored plan names it.
	 * @throws IllegalStateException for a name no format has (a plan stored by a later version)
	 */
	public static InputFormat named(String name) {
		return ALL.stream().filter(f -> f.name().equals(name)).findFirst()
			.orElseThrow(() -> new IllegalStateException("no input format named '" + name + "' in this Rowlift version"));
	}

	/**
	 * The format of {@code file} under {@code settings}.
	 * @throws RowliftException (exit 2) for a {@code rowlift.source.format} no format has, naming the ones there are
	 */
	public static InputFormat of(Path file, SourceProperties settings) {
		String name = settings == null ? null : settings.format();
		if (name == null || name.isBlank() || name.equalsIgnoreCase("auto")) {
			return DocumentsInputFormat.named(file) ? DOCUMENTS : JsonlInputFormat.named(file) ? JSONL : CSV;
		}
		String wanted = name.strip().toLowerCase(java.util.Locale.ROOT);
		return ALL.stream().filter(f -> f.name().equals(wanted)).findFirst()
			.orElseThrow(() -> RowliftException.badSetting("rowlift.source.format", name,
					String.join(" or ", ALL.stream().map(InputFormat::name).toList())
							+ " (or leave it out: the file's name decides, .jsonl and .ndjson are jsonl, a folder or a glob documents, any other csv)"));
	}

	/**
	 * Whether {@code path} names a folder of documents (a directory, or a glob such as {@code docs/*.json}) rather
	 * than one file: its size, fingerprint and changes are the folder's ({@link SourceFingerprint}, {@link FileChange}).
	 */
	public static boolean isFolder(Path path) {
		return DocumentsInputFormat.named(path);
	}

	/** The fingerprint of the folder {@code path} names ({@link #isFolder}): {@code bytes:newest-mtime:folder-count-hash}. */
	static String folderFingerprint(Path path) throws java.io.IOException {
		return DocumentsInputFormat.fingerprint(path);
	}

	/**
	 * Opens {@code file} with its format ({@link InputFormat#open}); the source names it in its messages as
	 * {@link PrintableName} prints {@code displayName}, so a name's control characters never reach the output.
	 */
	public static InputSource open(Path file, String displayName, SourceProperties settings) {
		return of(file, settings).open(file, PrintableName.of(displayName), settings);
	}

	/**
	 * Refuses, with exit 2, a pipeline that cannot take the format: names the format, the pipeline and
	 * what to run instead.
	 * @param pipeline the pipeline's name as {@code rowlift.job.pipeline} gives it
	 * @param why why that pipeline was chosen ("set by rowlift.job.pipeline", "a user ItemProcessor bean ... is present")
	 */
	public static void checkSpringPipeline(InputFormat format, String displayName, String pipeline, String why) {
		if (!format.can(InputCapability.SPRING_PIPELINE)) {
			throw RowliftException.badInput(displayName + ": the " + pipeline + " pipeline (" + why + ") cannot read "
					+ format.description() + " input: it reads CSV through Spring Batch's FlatFileItemReader only; load it with the "
					+ "fast pipeline (--rowlift.job.pipeline=fast, and no user ItemProcessor or FieldSetMapper bean)");
		}
	}

}
