package io.rowlift.source;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * One input opened by its {@link InputFormat} for one load: its fields, its units of work and the
 * readers over them. A unit is described by entries the format writes into the unit's step context
 * ({@link #partitioner}); a reader saves its position there too, under keys the format alone reads.
 * The record counts ({@code reader.count}, the writer's counts) are the job's, in
 * {@link io.rowlift.progress.PartitionProgress}.
 *
 * <p><b>Restart:</b> a unit's context, as the last committed chunk left it, is all a reader needs to
 * go on where the unit stopped; a format must keep reading the keys its earlier versions wrote.
 *
 * <p>Immutable and thread-safe; readers are one per unit and not thread-safe.
 */
public interface InputSource {

	/** Name prefix of the units' contexts, and so of the worker step executions: {@code partition0..N-1}. */
	String PARTITION = "partition";

	/** The format that opened this source. */
	InputFormat format();

	/** The canonical path of the input. */
	Path file();

	/** The input as the operator named it, for messages. */
	String displayName();

	/** The names of the fields (a header's, or {@code field1..N} when the input names none). */
	List<String> names();

	/** The number of fields of a record. */
	int fieldCount();

	/** Whether the input names its fields (so they are matched to columns by name, else by position). */
	boolean named();

	/**
	 * Where the input names field {@code field}, for the plan's messages about it: null for a header on the
	 * input's first line ({@code people.csv:1:3}, as CSV has), else the place the name was first seen
	 * (JSON Lines: {@code events.jsonl:17 (byte 2040)}, the first line with that key).
	 */
	default String nameLocation(int field) {
		return null;
	}

	/** Whether names that no column has are left out of the load (JSON Lines' {@code rowlift.source.ignore-unknown}) instead of refused. */
	default boolean unknownNamesIgnored() {
		return false;
	}

	/**
	 * What the summary says once of how this input is read, or null: nothing to say (CSV: a header that ends with a
	 * delimiter, {@code csv.TrailingDelimiter}).
	 */
	default String readingNote() {
		return null;
	}

	/** The character set of the input's text. */
	Charset charset();

	/** What progress counts ({@code bytes}). */
	String measure();

	/** The data's size in {@link #measure()} (a CSV file's bytes after the header). */
	long size();

	/** Splits the data into units, one step context each, named {@code partition0..N-1}; announces its checkpoint. */
	Partitioner partitioner(Checkpoints checkpoints);

	/** Whether {@code context} describes a unit of this format (an earlier run may have died before it did). */
	boolean holdsUnit(ExecutionContext context);

	/** One unit holding all the data, for a pass over the whole input (a sample, a search for duplicates). */
	ExecutionContext whole();

	/**
	 * A reader of one unit: {@code open(context)} reads the unit and its saved position from the unit's
	 * context, {@code update(context)} saves the position and the records read.
	 * @param bufferSize initial read buffer, bytes
	 * @param maxRecordSize longest record accepted, bytes
	 */
	UnitReader reader(int bufferSize, int maxRecordSize);

	/**
	 * The line of the first record of the unit in {@code context}, counted from the data's first record: what
	 * turns a record's {@link RawRecord#line()} (relative to its unit) into one relative to the whole data,
	 * as {@link #locator} of {@link #whole()} counts it (a sort that mixes units).
	 */
	long lineBase(ExecutionContext context);

	/** Locates the records of the unit in {@code context}, for messages and the reject files. */
	RecordLocator locator(ExecutionContext context);

	/** How far the unit in {@code context} has got, from what it saved. */
	UnitProgress progress(ExecutionContext context);

	/**
	 * The format's proof that the units, by name in partition order, cover the data exactly once
	 * (a byte-range format: that consecutive ranges meet, starting at the first record and ending at
	 * the end of the file).
	 * @return the problems found; empty when all is well
	 */
	List<String> coverage(Map<String, ExecutionContext> units);

	/** The average record length in bytes from a sample of the data, or -1 when it cannot be told. */
	long averageRecordBytes(int bufferSize, int maxRecordSize);

	/**
	 * What the format needs to {@linkplain InputFormat#reopen reopen} this input without reading it
	 * again (for CSV: the dialect, the header and where the data starts), as values JSON keeps
	 * (strings, numbers, booleans, lists of strings). Stored once with the run's plan, so a resume reads
	 * the input exactly as its first run did, whatever the settings say now.
	 */
	Map<String, Object> state();

	/** What a reject file starts with (a CSV header as it was in the input), or nothing. */
	byte[] rejectFilePreamble();

	/** What ends each record in a reject file (the input's own record end). */
	byte[] rejectRecordEnd();

	/**
	 * The field whose values, read as integers, the records come ordered by, as the input itself ordered them
	 * (a folder's listing sorts names of digits as numbers), so that a load into a table keyed by that field
	 * need not sample the records for their order; empty by default (the load samples).
	 */
	default OptionalInt orderedByInteger() {
		return OptionalInt.empty();
	}

	/**
	 * The input's {@linkplain SourceFingerprint fingerprint} when opening it took one anyway (a folder's
	 * listing holds every file's name, size and time), so that the load need not take it a second time; empty
	 * by default (the launcher takes {@link SourceFingerprint#of}). Equal to {@code SourceFingerprint.of(file())}
	 * as it was when the input was opened.
	 */
	default Optional<String> fingerprint() {
		return Optional.empty();
	}

	/**
	 * How the input changed since the run that reads it took {@code fingerprint}, in one sentence, or empty
	 * when it is as it was: what the accounting checks before it calls a load complete. By default
	 * {@link FileChange#contentSince} on {@code file}; a format whose readers check what they read may vouch
	 * for more of the input and look at less.
	 * @param file the input's file as the run's parameters name it
	 * @throws IOException when the input cannot be looked at
	 */
	default Optional<String> changeSince(Path file, String fingerprint) throws IOException {
		return FileChange.contentSince(file, fingerprint);
	}

}
