package io.rowlift.source.jsonl;

import java.nio.file.Path;

import org.springframework.util.unit.DataSize;

import io.rowlift.source.InputSource;
import io.rowlift.source.LineEnding;
import io.rowlift.source.SourceProperties;

/** Opens a JSON Lines file as a load would, with the default settings. */
final class JsonlKeyScanAccess {

	private JsonlKeyScanAccess() {
	}

	static InputSource open(Path file) {
		return new JsonlInputFormat().open(file, file.getFileName().toString(), io.rowlift.testsupport.SourceSettings.of(file.toString()));
	}

}
