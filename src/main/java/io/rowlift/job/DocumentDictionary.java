package io.rowlift.job;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.rowlift.RowliftException;
import io.rowlift.compress.DictionaryTraining;
import io.rowlift.compress.ZstdCompression;
import io.rowlift.compress.ZstdDictionaries;
import io.rowlift.database.TableColumn;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.RawRecord;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitReader;

/**
 * The dictionary of a load's compressed columns ({@code rowlift.target.compress=zstd}, docs/compact-storage.md):
 * trained once, when the load's first run is planned, from the input's first records (up to
 * {@value DictionaryTraining#DEFAULT_SAMPLE_BYTES} bytes of documents, read through the input's own format), stored
 * in {@value ZstdDictionaries#TABLE} and named by its ID in the run's plan; every later step and every resume reads
 * it back by that ID ({@link #read}), and never trains again. Stateless.
 */
final class DocumentDictionary {

	private static final Log log = LogFactory.getLog(DocumentDictionary.class);

	/** Records read for the sample at most, whatever their size. */
	static final int MAX_SAMPLE_RECORDS = 200_000;

	private DocumentDictionary() {
	}

	/**
	 * {@code plan} with its compression's dictionary trained and stored (committed before the run starts: a run
	 * that dies before its plan is stored leaves an unused row, nothing else); {@code plan} itself when it
	 * compresses nothing.
	 */
	static RunPlan train(RunPlan plan, DataSource dataSource, TargetDialect dialect, int bufferSize, int maxRecordSize) {
		TableMapping mapping = plan.load().mapping();
		ZstdCompression compression = mapping.compression();
		if (compression == null) {
			return plan;
		}
		long started = System.nanoTime();
		DictionaryTraining training = new DictionaryTraining(DictionaryTraining.DEFAULT_DICTIONARY_BYTES,
				DictionaryTraining.DEFAULT_SAMPLE_BYTES);
		int[] fields = compressedFields(mapping, compression);
		sample(plan.input(), fields, plan.load().values().charset(), training, bufferSize, maxRecordSize);
		byte[] dictionary = training.train();
		int id;
		try (Connection connection = dataSource.getConnection()) {
			id = ZstdDictionaries.store(connection, dialect.sql().blobType(), plan.table(), dictionary);
		}
		catch (SQLException ex) {
			throw new RowliftException(1, "cannot store the zstd dictionary of " + plan.table() + " in " + ZstdDictionaries.TABLE
					+ ": " + ex.getMessage() + "; check the user's rights to create tables and insert", ex);
		}
		log.info("rowlift.target.compress=zstd: dictionary " + id + " (" + dictionary.length + " bytes) trained from "
				+ training.documents() + " documents of columns " + compression.columns() + " in "
				+ (System.nanoTime() - started) / 1_000_000 + " ms");
		return plan.withMapping(mapping.withCompression(compression.withDictionary(id, dictionary)));
	}

	/**
	 * {@code plan} with its compression's dictionary read from {@value ZstdDictionaries#TABLE} by the ID its plan
	 * stored; {@code plan} itself when it compresses nothing or has the dictionary already.
	 */
	static RunPlan read(RunPlan plan, DataSource dataSource) {
		TableMapping mapping = plan.load().mapping();
		ZstdCompression compression = mapping.compression();
		if (compression == null || compression.ready()) {
			return plan;
		}
		try (Connection connection = dataSource.getConnection()) {
			byte[] bytes = ZstdDictionaries.load(connection, compression.dictionaryId());
			return plan.withMapping(mapping.withCompression(compression.withDictionary(compression.dictionaryId(), bytes)));
		}
		catch (SQLException ex) {
			throw new RowliftException(1, "cannot read zstd dictionary " + compression.dictionaryId() + " of the run's plan from "
					+ ZstdDictionaries.TABLE + ": " + ex.getMessage(), ex);
		}
	}

	/** For each compressed column filled from a field, that field (computed columns are not sampled). */
	private static int[] compressedFields(TableMapping mapping, ZstdCompression compression) {
		List<TableColumn> columns = mapping.columns();
		int[] fields = new int[columns.size()];
		int n = 0;
		for (int c = 0; c < columns.size(); c++) {
			if (compression.covers(columns.get(c).name()) && mapping.fields()[c] >= 0) {
				fields[n++] = mapping.fields()[c];
			}
		}
		return Arrays.copyOf(fields, n);
	}

	private static void sample(InputSource input, int[] fields, Charset charset, DictionaryTraining training, int bufferSize,
			int maxRecordSize) {
		boolean utf8 = charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII);
		UnitReader reader = input.reader(bufferSize, maxRecordSize);
		try {
			reader.open(input.whole());
			RawRecord record;
			int records = 0;
			while (records++ < MAX_SAMPLE_RECORDS && (record = reader.read()) != null) {
				if (record.problem() != null) {
					continue;
				}
				for (int field : fields) {
					if (field >= record.fieldCount() || record.length(field) == 0) {
						continue;
					}
					byte[] document = utf8 ? Arrays.copyOfRange(record.data(), record.start(field), record.end(field))
							: record.text(field, charset).getBytes(StandardCharsets.UTF_8);
					if (!training.add(document)) {
						return;
					}
				}
			}
		}
		catch (RowliftException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new RowliftException(1, "cannot read a sample of " + input.displayName() + " to train the zstd dictionary: "
					+ ex.getMessage(), ex);
		}
		finally {
			reader.close();
		}
	}

}
