package io.rowlift.job;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The form a {@link RunPlan}'s JSON takes in the job execution context: gzipped, in Base64 (why: {@link RunPlan#storeIn}).
 * Plans stored by every version since plans were stored are in this form, so it never changes. Stateless.
 */
final class PackedPlan {

	private PackedPlan() {
	}

	/** {@code json} gzipped, in Base64. */
	static String pack(String json) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
			gzip.write(json.getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex); // in memory: does not happen
		}
		return Base64.getEncoder().encodeToString(bytes.toByteArray());
	}

	/**
	 * The JSON {@link #pack} packed.
	 * @throws IllegalStateException when {@code packed} is not gzip in Base64
	 */
	static String unpack(String packed) {
		try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(packed)))) {
			return new String(gzip.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException("the plan stored with the run cannot be read: " + ex.getMessage(), ex);
		}
	}

}
