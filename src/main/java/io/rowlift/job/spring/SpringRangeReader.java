package io.rowlift.job.spring;

import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;

import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.file.FlatFileItemReader;
import org.springframework.batch.infrastructure.item.file.FlatFileParseException;
import org.springframework.batch.infrastructure.item.file.LineMapper;
import org.springframework.batch.infrastructure.item.file.mapping.FieldSetMapper;
import org.springframework.batch.infrastructure.item.file.separator.RecordSeparatorPolicy;
import org.springframework.core.io.FileSystemResource;

import io.rowlift.database.mapping.RecordFilter;
import io.rowlift.expr.ExpressionException;
import io.rowlift.progress.CommittedContext;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordProblem;
import io.rowlift.source.BlankLines;
import io.rowlift.source.ByteRange;
import io.rowlift.source.RangePosition;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.TrailingDelimiter;

/**
 * The spring pipeline's reader: for each partition a Spring Batch {@link FlatFileItemReader} over
 * the bytes of the partition's {@link ByteRange} only ({@link RangeLineReader}, which joins quoted
 * line breaks, and {@link QuoteBalancePolicy}), {@link RecordTokenizer} and a
 * {@code FieldSetMapper} (Rowlift's {@link ColumnValuesMapper} or the user's). With a row filter, a record it
 * drops is not mapped: it is read as a {@link Filtered} item, which the processor turns into null.
 *
 * <p><b>Restart:</b> the {@code FlatFileItemReader} saves its own position, the records it has read
 * ({@value #NAME}{@code .read.count}), and on a resume reads that many records again from the
 * range's start, without mapping them: O(records before the position), where the fast path seeks
 * to a saved byte offset in O(1). Beside it this reader saves the fast path's keys
 * ({@link RangePosition} and the records read), so
 * the accounting checks both pipelines alike.
 *
 * <p>A record that cannot be read or mapped is thrown as a {@link RejectedRecordException} (not
 * wrapped in Spring's {@code FlatFileParseException}), for the skip policy and listener. Thread-safe:
 * one delegate per partition, in a thread-local.
 */
final class SpringRangeReader implements ItemStreamReader<Object> {

	/** The {@code FlatFileItemReader}'s name: its position is saved as {@code spring-reader.read.count}. */
	static final String NAME = "spring-reader";

	private final SpringPartitions partitions;

	private final Function<StepExecution, SpringPartition> opener;

	private final Path file;

	private final CsvFormat format;

	private final String[] names;

	private final int bufferSize;

	private final Function<SpringPartition, FieldSetMapper<?>> mappers;

	private final Consumer<StepExecution> closed;

	private final ThreadLocal<FlatFileItemReader<Object>> delegate = new ThreadLocal<>();

	/**
	 * @param opener makes a partition's state when its step opens (and tells who tracks running partitions)
	 * @param mappers the field set mapper of a partition
	 * @param closed told when a partition's step closes
	 */
	SpringRangeReader(SpringPartitions partitions, Function<StepExecution, SpringPartition> opener, Path file,
			CsvFormat format, String[] names, int bufferSize, Function<SpringPartition, FieldSetMapper<?>> mappers,
			Consumer<StepExecution> closed) {
		this.partitions = partitions;
		this.opener = opener;
		this.file = file;
		this.format = format;
		this.names = names;
		this.bufferSize = bufferSize;
		this.mappers = mappers;
		this.closed = closed;
	}

	@Override
	public void open(ExecutionContext context) throws ItemStreamException {
		SpringPartition partition = this.opener.apply(SpringPartitions.step());
		this.partitions.set(partition);
		partition.read = PartitionProgress.readFrom(context).read();
		FlatFileItemReader<Object> reader = flatFileReader(partition, this.file, this.format, this.names, this.bufferSize,
				this.mappers.apply(partition));
		reader.open(context);
		this.delegate.set(reader);
	}

	/** Spring Batch's reader over {@code partition}'s range, not yet opened. */
	static FlatFileItemReader<Object> flatFileReader(SpringPartition partition, Path file, CsvFormat format, String[] names,
			int bufferSize, FieldSetMapper<?> mapper) {
		FlatFileItemReader<Object> reader = new FlatFileItemReader<>(new RecordMapper(partition,
				new RecordTokenizer(format, names), mapper, format.endByte()));
		reader.setName(NAME);
		reader.setResource(new FileSystemResource(file));
		reader.setEncoding(format.charset().name());
		reader.setStrict(true);
		reader.setComments(format.comment() < 0 ? new String[0] : new String[] { String.valueOf((char) format.comment()) });
		reader.setBufferedReaderFactory((resource, encoding) -> {
			partition.lines = new RangeLineReader(file, partition.range, format, bufferSize, partition.blankLines);
			return partition.lines;
		});
		reader.setRecordSeparatorPolicy(new LazyPolicy(partition, format));
		return reader;
	}

	@Override
	public Object read() throws Exception {
		SpringPartition partition = this.partitions.current();
		try {
			Object item = this.delegate.get().read();
			if (item != null) {
				partition.read++;
			}
			return item;
		}
		catch (FlatFileParseException ex) {
			partition.read++;
			if (ex.getCause() instanceof RejectedRecordException rejected) {
				throw rejected;
			}
			// the record separator policy never saw the record end: a quote open at the end of the file
			RawRecord record = RecordMapper.locate(partition, ex.getInput() == null ? "" : ex.getInput(),
					this.format.endByte(), new RecordTokenizer(this.format, this.names));
			throw new RejectedRecordException(record, new RecordProblem("the quote that opens a field of this record is "
					+ "never closed before the end of the file; close it, and write a quote inside a quoted field twice (\"\")",
					record.offset(), 0));
		}
	}

	@Override
	public void update(ExecutionContext context) {
		// a commit that fails must not leave this chunk's counts and positions in the context (the fast
		// path's streams go through the same guard, in PartitionStreams)
		CommittedContext.update(this::save, context);
	}

	private void save(ExecutionContext context) {
		FlatFileItemReader<Object> reader = this.delegate.get();
		if (reader == null) {
			return;
		}
		reader.update(context);
		SpringPartition partition = this.partitions.current();
		RangePosition.save(context, partition.lines == null ? partition.range.start() : partition.lines.position(),
				partition.lines == null ? 0 : partition.lines.lineCount());
		PartitionProgress.saveRead(context, partition.read);
		// the line reader counts from the range's start on every open, as the FlatFileItemReader reads again from there
		PartitionProgress.saveBlankLines(context, partition.lines == null ? 0 : partition.lines.blankLines());
	}

	@Override
	public void close() {
		try {
			this.closed.accept(SpringPartitions.step());
			FlatFileItemReader<Object> reader = this.delegate.get();
			if (reader != null) {
				reader.close();
			}
		}
		finally {
			this.delegate.remove();
			this.partitions.clear();
		}
	}

	/** The policy of a partition, made before its line reader exists (the reader is made on open). */
	private static final class LazyPolicy implements RecordSeparatorPolicy {

		private final SpringPartition partition;

		private final CsvFormat format;

		private QuoteBalancePolicy policy;

		LazyPolicy(SpringPartition partition, CsvFormat format) {
			this.partition = partition;
			this.format = format;
		}

		private QuoteBalancePolicy policy() {
			if (this.policy == null) {
				this.policy = new QuoteBalancePolicy(this.format, this.partition.lines);
			}
			return this.policy;
		}

		@Override
		public boolean isEndOfRecord(String record) {
			return policy().isEndOfRecord(record);
		}

		@Override
		public String preProcess(String record) {
			return policy().preProcess(record);
		}

		@Override
		public String postProcess(String record) {
			return record;
		}

	}

	/**
	 * The item of a record the row filter drops ({@code rowlift.source.filter}): read like any record, never
	 * mapped, and turned into null by {@link SpringItemProcessor}, so Spring Batch counts it as filtered
	 * ({@code StepExecution.filterCount}) and Rowlift with the partition's progress. Neither the user's mapper
	 * nor their processor sees it.
	 *
	 * @param record the record
	 */
	record Filtered(RawRecord record) {
	}

	/**
	 * Record text to item: locates the record in the file (from the lines the line reader has given),
	 * tokenizes it and hands the field set to the mapper; remembers which record each item came from.
	 */
	static final class RecordMapper implements LineMapper<Object> {

		private final SpringPartition partition;

		private final RecordTokenizer tokenizer;

		private final FieldSetMapper<?> mapper;

		private final byte endByte;

		RecordMapper(SpringPartition partition, RecordTokenizer tokenizer, FieldSetMapper<?> mapper, byte endByte) {
			this.partition = partition;
			this.tokenizer = tokenizer;
			this.mapper = mapper;
			this.endByte = endByte;
		}

		@Override
		public Object mapLine(String line, int lineNumber) throws Exception {
			RawRecord record = locate(this.partition, line, this.endByte, this.tokenizer);
			if (line.isEmpty() && this.partition.lines.lastBlank()) { // the line reader skips them unless they are refused
				throw new RejectedRecordException(record, new RecordProblem(BlankLines.REASON, record.offset(), 0));
			}
			if (record.problem() != null) {
				throw new RejectedRecordException(record, record.problem());
			}
			if (TrailingDelimiter.holdsValue(record, this.partition.trailingField)) {
				throw new RejectedRecordException(record, this.partition.trailingField, TrailingDelimiter.PROBLEM);
			}
			RecordFilter filter = this.partition.filter;
			if (filter != null) {
				boolean keeps;
				try {
					keeps = filter.keeps(record);
				}
				catch (ExpressionException ex) {
					throw new RejectedRecordException(record, filter.field(), filter.problem(ex));
				}
				if (!keeps) { // not mapped: the processor returns null for it (Spring Batch's filter)
					Filtered dropped = new Filtered(record);
					this.partition.origins.put(dropped, record);
					return dropped;
				}
			}
			Object item;
			try {
				item = this.mapper.mapFieldSet(this.tokenizer.fieldSet(record));
			}
			catch (RejectedRecordException ex) {
				throw ex;
			}
			catch (Exception ex) {
				throw new RejectedRecordException(record, -1, "the mapper " + this.mapper.getClass().getName()
						+ " refused the record: " + ex.getMessage());
			}
			if (item == null) {
				throw new RejectedRecordException(record, -1, "the mapper " + this.mapper.getClass().getName()
						+ " returned no item for the record; filter records with an ItemProcessor that returns null");
			}
			this.partition.origins.put(item, record);
			return item;
		}

		/** The record that ends with the last line read, its text being {@code text}. */
		static RawRecord locate(SpringPartition partition, String text, byte endByte, RecordTokenizer tokenizer) {
			RangeLineReader lines = partition.lines;
			int breaks = 0;
			for (int i = 0; i < text.length(); i++) {
				if (text.charAt(i) == endByte) {
					breaks++;
				}
			}
			int last = lines.lineCount();
			int first = last - breaks;
			long offset = lines.startOf(first);
			int rawLength = (int) (lines.position() - offset);
			int ends = breaks + (lines.terminatorOf(last).isEmpty() ? 0 : 1);
			return tokenizer.record(text, offset, first - 1, rawLength, ends, lines.undecodable());
		}

	}

}
