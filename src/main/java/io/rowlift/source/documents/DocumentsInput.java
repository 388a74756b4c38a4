package io.rowlift.source.documents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.source.FileChange;
import io.rowlift.source.InputFormat;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitProgress;
import io.rowlift.source.UnitReader;

/**
 * A folder of documents opened for a load: its names (the key column, then the JSON keys of a sample of
 * the documents, or the content column), its sorted {@link Listing}, its units ({@link DocumentPartitioner})
 * and readers. Progress counts the documents' bytes. Immutable (the listing is made once, when first asked
 * for); thread-safe.
 */
final class DocumentsInput implements InputSource {

	private final InputFormat format;

	private final Folder folder;

	private final String displayName;

	private final List<String> names;

	private final List<String> places;

	private final String contentColumn;

	private final boolean ignoreUnknown;

	private final Supplier<Listing> made;

	private volatile Listing listing;

	private final String fingerprint;

	/** The folder's settled stamp taken before the listing ({@link Folder#settledStamp}), or null. */
	private final String stamp;

	private final long count;

	private final long bytes;

	DocumentsInput(Builder builder) {
		this.format = builder.format;
		this.folder = builder.folder;
		this.displayName = builder.displayName;
		this.names = List.copyOf(builder.names);
		this.places = java.util.Collections.unmodifiableList(new ArrayList<>(builder.places)); // place 0, the key column's, is null
		this.contentColumn = builder.contentColumn;
		this.ignoreUnknown = builder.ignoreUnknown;
		this.made = builder.listing;
		this.listing = builder.made;
		this.fingerprint = builder.fingerprint;
		this.stamp = builder.stamp;
		this.count = builder.count;
		this.bytes = builder.bytes;
	}

	/** Builds an input: its many parts by name. */
	static final class Builder {

		InputFormat format;

		Folder folder;

		String displayName;

		List<String> names;

		List<String> places = List.of();

		String contentColumn;

		boolean ignoreUnknown;

		Supplier<Listing> listing;

		Listing made;

		String fingerprint;

		String stamp;

		long count;

		long bytes;

		DocumentsInput build() {
			return new DocumentsInput(this);
		}

	}

	/** The sorted listing, made (or found) when first asked for. */
	Listing listing() {
		Listing found = this.listing;
		if (found == null) {
			synchronized (this) {
				found = this.listing;
				if (found == null) {
					found = this.made.get();
					this.listing = found;
				}
			}
		}
		return found;
	}

	Folder folder() {
		return this.folder;
	}

	String contentColumn() {
		return this.contentColumn;
	}

	/** A document as messages name it: the folder as the operator named it, then the file's name. */
	String documentName(String name) {
		return documentName(this.folder, this.displayName, name);
	}

	static String documentName(Folder folder, String displayName, String name) {
		String shown = folder.glob() == null ? displayName : parentOf(displayName);
		while (shown.length() > 1 && shown.endsWith("/")) {
			shown = shown.substring(0, shown.length() - 1);
		}
		return shown.isEmpty() ? name : shown + "/" + name;
	}

	private static String parentOf(String shown) {
		int slash = shown.lastIndexOf('/');
		return slash < 0 ? "" : shown.substring(0, slash);
	}

	@Override
	public Map<String, Object> state() {
		Map<String, Object> state = new LinkedHashMap<>();
		state.put("names", this.names);
		state.put("contentColumn", this.contentColumn == null ? "" : this.contentColumn);
		state.put("ignoreUnknown", this.ignoreUnknown);
		state.put("fingerprint", this.fingerprint);
		state.put("folderStamp", this.stamp == null ? "" : this.stamp);
		// longs as text: JSON gives a small number back as an int
		state.put("count", Long.toString(this.count));
		state.put("bytes", Long.toString(this.bytes));
		return state;
	}

	@Override
	public InputFormat format() {
		return this.format;
	}

	@Override
	public Path file() {
		return this.folder.path();
	}

	@Override
	public String displayName() {
		return this.displayName;
	}

	@Override
	public List<String> names() {
		return this.names;
	}

	@Override
	public int fieldCount() {
		return this.names.size();
	}

	@Override
	public boolean named() {
		return true;
	}

	/** Matched as keys (case-insensitively, an unknown name refused or left out): where each name comes from. */
	@Override
	public String nameLocation(int field) {
		if (field == 0) {
			return this.displayName + " (the key column, from the file names; rowlift.source.key-column)";
		}
		return field < this.places.size() ? this.places.get(field) : this.displayName;
	}

	@Override
	public boolean unknownNamesIgnored() {
		return this.ignoreUnknown;
	}

	@Override
	public Charset charset() {
		return StandardCharsets.UTF_8;
	}

	@Override
	public String measure() {
		return "bytes";
	}

	@Override
	public long size() {
		return this.bytes;
	}

	/** The number of documents. */
	long count() {
		return this.count;
	}

	@Override
	public Partitioner partitioner(Checkpoints checkpoints) {
		return new DocumentPartitioner(listing(), checkpoints);
	}

	@Override
	public boolean holdsUnit(ExecutionContext context) {
		return DocumentRange.isIn(context);
	}

	@Override
	public ExecutionContext whole() {
		ExecutionContext context = new ExecutionContext();
		new DocumentRange(0, 0, listingSize(), 1, this.bytes, this.count, 0).writeTo(context);
		return context;
	}

	private long listingSize() {
		try {
			return Files.size(listing().file());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the listing of " + this.displayName + ": " + ex.getMessage(), ex);
		}
	}

	@Override
	public UnitReader reader(int bufferSize, int maxRecordSize) {
		return new DocumentReader(this, maxRecordSize);
	}

	@Override
	public long lineBase(ExecutionContext context) {
		return DocumentRange.readFrom(context).first() - 1;
	}

	@Override
	public DocumentLocator locator(ExecutionContext context) {
		return new DocumentLocator(this, DocumentRange.readFrom(context));
	}

	@Override
	public UnitProgress progress(ExecutionContext context) {
		if (!DocumentRange.isIn(context)) {
			return UnitProgress.NONE;
		}
		DocumentRange range = DocumentRange.readFrom(context);
		DocumentPosition at = DocumentPosition.readFrom(context);
		boolean ended = at.line() == range.count() && at.bytes() == range.bytes();
		return new UnitProgress(at.bytes(), range.bytes(), ended, "document " + (range.first() + at.line()) + " of the listing",
				"documents " + range.first() + "-" + (range.first() + documents(range) - 1),
				"read " + at.line() + " of its " + documents(range) + " documents (" + at.bytes() + " of " + range.bytes() + " bytes)");
	}

	private static long documents(DocumentRange range) {
		return range.count();
	}

	@Override
	public List<String> coverage(Map<String, ExecutionContext> units) {
		List<String> problems = new ArrayList<>();
		long expected = 0;
		long first = 1;
		long bytes = 0;
		for (Map.Entry<String, ExecutionContext> unit : units.entrySet()) {
			DocumentRange range = DocumentRange.readFrom(unit.getValue());
			if (range.start() != expected) {
				problems.add(unit.getKey() + " starts at byte " + range.start() + " of the listing but the previous unit ends at " + expected);
			}
			if (range.start() < range.end() && range.first() != first) {
				problems.add(unit.getKey() + " starts at document " + range.first() + " but the previous units hold " + (first - 1));
			}
			first += documents(range);
			bytes += range.bytes();
			expected = range.end();
		}
		if (expected != listingSize()) {
			problems.add("the units end at byte " + expected + " of the listing but it has " + listingSize() + " bytes");
		}
		if (first - 1 != this.count || bytes != this.bytes) {
			problems.add("the units hold " + (first - 1) + " documents of " + bytes + " bytes but the folder had " + this.count
					+ " of " + this.bytes + " when it was listed");
		}
		return problems;
	}

	@Override
	public long averageRecordBytes(int bufferSize, int maxRecordSize) {
		return this.count == 0 ? -1 : Math.max(1, this.bytes / this.count);
	}

	/** No preamble: a reject file holds the rejected documents, each followed by a line feed. */
	@Override
	public byte[] rejectFilePreamble() {
		return new byte[0];
	}

	@Override
	public byte[] rejectRecordEnd() {
		return new byte[] { '\n' };
	}

	/**
	 * The key (field 0): the listing sorts names of ASCII digits as numbers, before any other name. Names that
	 * are not digits (which an integer key column rejects) come after them in their own order.
	 */
	@Override
	public OptionalInt orderedByInteger() {
		return OptionalInt.of(0);
	}

	/** The listing's fingerprint: the folder as it was listed, which the readers compare each document with. */
	@Override
	public Optional<String> fingerprint() {
		return Optional.of(this.fingerprint);
	}

	/**
	 * Whether the folder changed since the run listed it, without listing it again when it can: each reader
	 * compared every document with the listing (size and modification time) right after reading it, and a
	 * change to a document after that does not touch what the load wrote; so what is left to prove is that no
	 * name was added or removed, which the directory's own modification time shows. When the directory's stamp
	 * is the one taken before the listing (and that one was {@linkplain Folder#settledStamp settled}), the
	 * folder is as it was; otherwise (a stamp moved, none taken, a plan stored by an earlier version, another
	 * fingerprint) the folder is listed again and its fingerprint compared, as {@link FileChange} does.
	 */
	@Override
	public Optional<String> changeSince(Path file, String fingerprint) throws IOException {
		if (this.stamp != null && !this.stamp.isEmpty() && fingerprint.equals(this.fingerprint)) {
			try {
				if (this.folder.stampNow().equals(this.stamp)) {
					return Optional.empty();
				}
			}
			catch (IOException gone) {
				// FileChange below says what became of the folder
			}
		}
		return FileChange.contentSince(file, fingerprint);
	}

}
