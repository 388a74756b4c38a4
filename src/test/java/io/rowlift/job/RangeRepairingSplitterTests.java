package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;
import io.rowlift.source.csv.CsvInput;

/** Tests for {@link RangeRepairingSplitter}: a partition left without its range gets the partitioner's, saved. */
class RangeRepairingSplitterTests {

	private final StepExecutionSplitter delegate = mock(StepExecutionSplitter.class);

	private final Partitioner partitioner = mock(Partitioner.class);

	private final JobRepository repository = mock(JobRepository.class);

	private final LoadHistory history = mock(LoadHistory.class);

	private final RangeRepairingSplitter splitter = new RangeRepairingSplitter(this.delegate, this.partitioner,
			CsvInput.of(Path.of("people.csv"), "people.csv", new CsvHeader(List.of("id"), 0, 1, 1, CsvFormat.RFC4180, new byte[0])),
			this.repository, this.history);

	@Test
	void aPartitionThatNeverSavedAContextGetsThePartitionersRangeAndTheOthersKeepTheirs() throws Exception {
		StepExecution resumed = execution("loadWorker:partition0", range(0, 10, 50));
		resumed.getExecutionContext().putLong("reader.offset", 30); // committed progress: untouched
		StepExecution empty = execution("loadWorker:partition1", new ExecutionContext());
		Set<StepExecution> both = Set.of(resumed, empty);
		when(this.delegate.getStepName()).thenReturn("loadWorker");
		when(this.delegate.split(any(), anyInt())).thenReturn(both);
		Map<String, ExecutionContext> fresh = new LinkedHashMap<>();
		fresh.put("partition0", range(0, 10, 50));
		fresh.put("partition1", range(1, 50, 90));
		when(this.partitioner.partition(2)).thenReturn(fresh);

		Set<StepExecution> split = this.splitter.split(mock(StepExecution.class), 2);

		assertThat(split).containsExactlyInAnyOrder(resumed, empty);
		assertThat(ByteRange.readFrom(empty.getExecutionContext())).isEqualTo(ByteRange.readFrom(fresh.get("partition1")));
		assertThat(resumed.getExecutionContext().getLong("reader.offset")).isEqualTo(30);
		verify(this.repository).updateExecutionContext(empty);
		verify(this.repository, never()).updateExecutionContext(resumed);
	}

	/** The case the random kill test found: an earlier execution of the partition committed progress. */
	@Test
	void aRestartKilledBeforeItsContextWasSavedGetsTheContextOfTheLastExecutionThatSavedOne() throws Exception {
		StepExecution empty = execution("loadWorker:partition2", new ExecutionContext());
		ExecutionContext committed = range(2, 90, 130);
		committed.putLong("reader.offset", 100);
		committed.putLong("writer.written", 6000);
		StepExecution older = execution("loadWorker:partition2", committed);
		StepExecution newerButEmpty = execution("loadWorker:partition2", new ExecutionContext());
		Set<StepExecution> one = Set.of(empty);
		when(this.delegate.getStepName()).thenReturn("loadWorker");
		when(this.delegate.split(any(), anyInt())).thenReturn(one);
		when(this.history.earlierExecutions(empty)).thenReturn(java.util.List.of(newerButEmpty, older));

		this.splitter.split(mock(StepExecution.class), 3);

		assertThat(empty.getExecutionContext().getLong("reader.offset")).isEqualTo(100);
		assertThat(empty.getExecutionContext().getLong("writer.written")).isEqualTo(6000);
		assertThat(ByteRange.readFrom(empty.getExecutionContext())).isEqualTo(ByteRange.readFrom(committed));
		verify(this.repository).updateExecutionContext(empty);
		verify(this.partitioner, never()).partition(anyInt());
	}

	@Test
	void nothingToRepairAsksThePartitionerNothing() throws Exception {
		StepExecution one = execution("loadWorker:partition0", range(0, 10, 50));
		Set<StepExecution> only = Set.of(one);
		when(this.delegate.getStepName()).thenReturn("loadWorker");
		when(this.delegate.split(any(), anyInt())).thenReturn(only);

		assertThat(this.splitter.split(mock(StepExecution.class), 1)).containsExactly(one);
		verify(this.partitioner, never()).partition(anyInt());
	}

	@Test
	void aPartitionTheFileNoLongerSplitsIntoIsRefusedWithTheFix() throws Exception {
		Set<StepExecution> gone = Set.of(execution("loadWorker:partition3", new ExecutionContext()));
		when(this.delegate.getStepName()).thenReturn("loadWorker");
		when(this.delegate.split(any(), anyInt())).thenReturn(gone);
		when(this.partitioner.partition(2)).thenReturn(Map.of("partition0", range(0, 10, 50)));

		assertThatThrownBy(() -> this.splitter.split(mock(StepExecution.class), 2)).isInstanceOf(JobExecutionException.class)
			.hasMessageContaining("loadWorker:partition3 has no unit of work")
			.hasMessageEndingWith("set rowlift.job.start-over=true to load the file afresh");
	}

	/** A restarted cluster manager's split: the partitions workers still run are not in the partitioner's answer. */
	@Test
	void aSplitThatLeavesPartitionsOutHidesThemFromTheDelegatesPartitionerForThatSplitOnly() throws Exception {
		Map<String, ExecutionContext> all = new LinkedHashMap<>();
		all.put("partition0", range(0, 10, 50));
		all.put("partition1", range(1, 50, 90));
		when(this.partitioner.partition(2)).thenReturn(all);
		PartitionsLeftOut named = new PartitionsLeftOut(this.partitioner);
		StepExecution one = execution("loadWorker:partition1", range(1, 50, 90));
		java.util.List<Set<String>> seen = new java.util.ArrayList<>();
		when(this.delegate.split(any(), anyInt())).thenAnswer(call -> {
			seen.add(named.partition(2).keySet());
			return Set.of(one);
		});
		RangeRepairingSplitter leaving = new RangeRepairingSplitter(this.delegate, this.partitioner,
				CsvInput.of(Path.of("people.csv"), "people.csv", new CsvHeader(List.of("id"), 0, 1, 1, CsvFormat.RFC4180, new byte[0])),
				this.repository, this.history, named);

		assertThat(leaving.split(mock(StepExecution.class), 2, Set.of("partition0"))).containsExactly(one);

		assertThat(seen).containsExactly(Set.of("partition1"));
		assertThat(named.partition(2).keySet()).as("the next split sees every partition again").containsExactly("partition0", "partition1");
	}

	@Test
	void aSplitterMadeWithoutAPartitionerThatLeavesOutRefusesToLeaveAnyOut() {
		assertThatThrownBy(() -> this.splitter.split(mock(StepExecution.class), 2, Set.of("partition0")))
			.isInstanceOf(IllegalStateException.class)
			.hasMessage("this load step's splitter cannot leave out partitions [partition0]");
	}

	private static StepExecution execution(String name, ExecutionContext context) {
		JobExecution job = mock(JobExecution.class);
		when(job.getJobInstance()).thenReturn(mock(JobInstance.class));
		StepExecution execution = new StepExecution(name, job);
		execution.setExecutionContext(context);
		return execution;
	}

	private static ExecutionContext range(int index, long start, long end) {
		ExecutionContext context = new ExecutionContext();
		new ByteRange(index, start, end, 2).writeTo(context);
		return context;
	}

}
