package io.rowlift.source.documents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.source.InputSource;

/**
 * Splits a folder's sorted listing into {@code gridSize} consecutive runs of documents of about equal bytes
 * (a unit may be empty when there are fewer documents than units): one pass over the listing file, none
 * over the documents. Each unit holds its documents in key order, and unit i's keys all come before unit
 * i+1's. On a restart the units come out the same (the fingerprint proves the folder is). Announces the
 * checkpoint {@value #CHECKPOINT} once they are computed. Thread-safe.
 */
final class DocumentPartitioner implements Partitioner {

	static final String CHECKPOINT = "partition";

	private final Listing listing;

	private final Checkpoints checkpoints;

	DocumentPartitioner(Listing listing, Checkpoints checkpoints) {
		this.listing = listing;
		this.checkpoints = checkpoints;
	}

	@Override
	public Map<String, ExecutionContext> partition(int gridSize) {
		if (gridSize < 1) {
			throw new IllegalArgumentException("partitions must be at least 1, was " + gridSize);
		}
		Map<String, ExecutionContext> contexts = new LinkedHashMap<>();
		// a document weighs its bytes plus one, so that empty files spread too
		double weight = this.listing.bytes() + this.listing.count();
		try (Listing.Cursor cursor = this.listing.cursor(0)) {
			long start = 0;
			long first = 1;
			long bytes = 0;
			long before = 0;
			long index = 0;
			long done = 0;
			int unit = 0;
			Listing.Entry entry;
			while (unit < gridSize - 1 && (entry = cursor.next()) != null) {
				index++;
				bytes += entry.size();
				done += entry.size() + 1;
				while (unit < gridSize - 1 && done >= weight * (unit + 1) / gridSize) {
					add(contexts, new DocumentRange(unit, start, cursor.offset(), first, bytes, index - first + 1, before));
					unit++;
					start = cursor.offset();
					first = index + 1;
					before += bytes;
					bytes = 0;
				}
			}
			long end = Files.size(this.listing.file());
			for (boolean rest = true; unit < gridSize; unit++, rest = false) { // the rest of the listing, then empty units
				long share = rest ? this.listing.bytes() - before : 0;
				add(contexts, new DocumentRange(unit, start, end, rest ? first : this.listing.count() + 1, share,
						rest ? this.listing.count() - first + 1 : 0, before));
				before += share;
				start = end;
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the listing " + this.listing.file() + ": " + ex.getMessage(), ex);
		}
		this.checkpoints.reached(CHECKPOINT);
		return contexts;
	}

	private static void add(Map<String, ExecutionContext> contexts, DocumentRange range) {
		ExecutionContext context = new ExecutionContext();
		range.writeTo(context);
		contexts.put(InputSource.PARTITION + range.index(), context);
	}

}
