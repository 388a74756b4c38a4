package io.rowlift.cluster;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * One partition request as it travels over RabbitMQ: Spring Batch Integration's
 * {@code StepExecutionRequest} (the worker step's name and the partition's step execution id) with what a
 * worker checks before it runs the partition: the file the manager loads and its fingerprint. Sent as
 * text ({@code key=value} lines), so no Java serialization crosses the broker. Immutable.
 *
 * @param stepExecutionId the partition's step execution in the shared job repository
 * @param stepName the worker step ({@code loadWorker})
 * @param file the file's path, as the manager reads it
 * @param fingerprint the file's fingerprint at the manager ({@code size:mtime:crc})
 * @param manager the manager's host and process ({@code host:pid}), for messages
 */
public record PartitionRequest(long stepExecutionId, String stepName, String file, String fingerprint, String manager) {

	/** The text sent. */
	public String text() {
		Properties values = new Properties();
		values.setProperty("step-execution", Long.toString(this.stepExecutionId));
		values.setProperty("step", this.stepName);
		values.setProperty("file", this.file);
		values.setProperty("fingerprint", this.fingerprint);
		values.setProperty("manager", this.manager);
		StringWriter out = new StringWriter();
		try {
			values.store(out, null);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return out.toString();
	}

	/**
	 * Reads a request's text.
	 * @throws IllegalArgumentException naming what is missing
	 */
	public static PartitionRequest parse(String text) {
		Properties values = new Properties();
		try {
			values.load(new StringReader(text));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		for (String key : new String[] { "step-execution", "step", "file", "fingerprint" }) {
			if (values.getProperty(key) == null) {
				throw new IllegalArgumentException("a partition request without '" + key + "' (is another program sending to this queue?): "
						+ text.replace('\n', ' '));
			}
		}
		return new PartitionRequest(Long.parseLong(values.getProperty("step-execution").trim()), values.getProperty("step"),
				values.getProperty("file"), values.getProperty("fingerprint"), values.getProperty("manager", "?"));
	}

}
