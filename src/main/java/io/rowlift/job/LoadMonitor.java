package io.rowlift.job;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.database.LoadMode;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.progress.PhaseTracker;
import io.rowlift.report.ProgressDisplay;
import io.rowlift.report.ProgressMode;
import io.rowlift.report.ProgressSnapshot;
import io.rowlift.report.ReportProperties;
import io.rowlift.report.Terminals;
import io.rowlift.report.ThroughputSamples;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitProgress;

/**
 * Watches a running load for the progress display and the run report: a sampler thread, started
 * when the job starts and stopped when it ends, reads every tick the counters the load keeps anyway
 * (each running partition's committed {@link PartitionProgress} in its step context, updated at each
 * chunk commit; the {@link PhaseTracker} of the sort and the index build; the job's running step),
 * hands a {@link ProgressSnapshot} to the {@link ProgressDisplay} of {@code rowlift.report.progress},
 * and keeps about one throughput sample a second per partition ({@link ThroughputSamples}, bounded).
 *
 * <p>Cost: the load's threads do nothing for it (no per-record work, no lock); the sampler reads a
 * few context entries per partition per tick from Spring Batch's concurrent maps. Its own CPU time is
 * measured ({@link #samplerCpu}) and reported in the JSON summary, so the overhead can be checked on
 * any run.
 *
 * <p>One load at a time per process (as {@link LoadLauncher}); {@link #begin} marks the start of the
 * next one. The values it reads are those of committed chunks: a display never runs ahead of what a
 * resume would keep. Thread-safe.
 */
public final class LoadMonitor implements JobExecutionListener {

	private static final Log log = LogFactory.getLog(LoadMonitor.class);

	/** About how often a throughput sample is kept. */
	static final long SAMPLE_NANOS = 1_000_000_000L;

	private final RunningPartitions running;

	private final PhaseTracker phases;

	private final JobRepository repository;

	private final Supplier<Boolean> terminal;

	private final java.util.function.BooleanSupplier remote;

	/** What the remote partitions wait for ({@link RemotePartitions#waiting}), or null. */
	private final java.util.function.Function<List<StepExecution>, String> waiting;

	/** The partitions of the running execution in the job repository, when they run elsewhere; else null. */
	private volatile RepositoryPartitions stored;

	private volatile Instant runStartedAt;

	private volatile long runStartedNanos;

	private volatile Watch watch;

	/**
	 * The report settings of the load {@link #begin(ReportProperties)} marked (its request's), or null: the defaults,
	 * for a job started without a request. Never a bean of the context, which one scheduled service shares.
	 */
	private volatile ReportProperties requested;

	private volatile boolean jobStarted;

	/** @param terminal whether standard output and error are a terminal (for {@link ProgressMode#AUTO}) */
	public LoadMonitor(RunningPartitions running, PhaseTracker phases, JobRepository repository, Supplier<Boolean> terminal) {
		this(running, phases, repository, terminal, () -> false, partitions -> null);
	}

	/**
	 * @param remote whether the partitions run in other processes (the cluster's manager): then they are
	 * read from the job repository ({@link RepositoryPartitions}), else from {@code running}
	 * @param waiting what those partitions wait for, shown as the load phase's detail ({@link RemotePartitions#waiting}),
	 * or null when nothing waits
	 */
	public LoadMonitor(RunningPartitions running, PhaseTracker phases, JobRepository repository,
			Supplier<Boolean> terminal, java.util.function.BooleanSupplier remote,
			java.util.function.Function<List<StepExecution>, String> waiting) {
		this.remote = remote;
		this.waiting = waiting;
		this.running = running;
		this.phases = phases;
		this.repository = repository;
		this.terminal = terminal;
	}

	/**
	 * Marks the start of a load's run (the command's start, before the prepare phase), whose progress display
	 * follows {@code report}, the request's {@code rowlift.report.*}: one context runs many requests.
	 */
	public void begin(ReportProperties report) {
		this.requested = report;
		begin();
	}

	/** Marks the start of a run (the command's start, before the prepare phase); the report settings stay as they are. */
	public void begin() {
		this.runStartedAt = Instant.now();
		this.runStartedNanos = System.nanoTime();
		this.phases.reset();
		this.watch = null;
		this.jobStarted = false;
	}

	/**
	 * Whether the job of the run that {@link #begin} marked has started (its execution exists); a failure
	 * before that wrote no row of the load.
	 */
	public boolean jobStarted() {
		return this.jobStarted;
	}

	/** When the run started: {@link #begin}, or the job's start when nobody called it. */
	public Instant runStartedAt() {
		return this.runStartedAt;
	}

	/** The phases the sort and the index build announced in this run. */
	public List<PhaseTracker.Phase> trackedPhases() {
		return this.phases.all();
	}

	/** The partitions this run opened, with what they had committed when they opened. */
	public List<RunningPartitions.Opened> opened() {
		RepositoryPartitions elsewhere = this.stored;
		return elsewhere != null ? elsewhere.read() : this.running.openedThisRun();
	}

	/** The throughput samples of this run, partition by partition (empty before a job ran). */
	public List<ThroughputSamples.Sample> samples() {
		Watch w = this.watch;
		return w == null ? List.of() : w.samples.all();
	}

	/** CPU time the sampler thread used in this run (zero when none ran or the JVM cannot tell). */
	public Duration samplerCpu() {
		Watch w = this.watch;
		return w == null ? Duration.ZERO : Duration.ofNanos(w.cpuNanos);
	}

	@Override
	public void beforeJob(JobExecution execution) {
		RunTimes.started(execution, Instant.now());
		saveTimes(execution); // now: a resumed run's context holds the last run's times until it is saved
		this.jobStarted = true;
		if (this.runStartedAt == null || this.watch != null) {
			begin(); // a job started without the command (tests), or a second job in this process
		}
		this.stored = this.remote.getAsBoolean() ? new RepositoryPartitions(this.repository, execution) : null;
		try {
			RunPlan plan = RunPlan.of(execution);
			InputSource input = plan.input();
			long dataBytes = input.size();
			long before = 0; // what the earlier runs of this load committed, in the input's measure
			for (LoadProgress.Partition partition : LoadProgress.of(this.repository, execution.getJobInstance(), plan.partitions())
				.partitions()) {
				if (partition.progress() != null) {
					before += bytesDone(input, partition.unit(), partition.progress());
				}
			}
			ReportProperties requested = this.requested;
			ReportProperties report = requested != null ? requested : ReportProperties.defaults();
			ProgressMode mode = report.progress();
			boolean bar = mode == ProgressMode.BAR || (mode == ProgressMode.AUTO && this.terminal.get());
			long tick = bar ? 250_000_000L
					: Math.min(SAMPLE_NANOS, mode == ProgressMode.NONE ? SAMPLE_NANOS : report.progressInterval().toNanos());
			PrintStream err = System.err;
			Watch w = new Watch(execution, input, plan.mode(), dataBytes, before,
					ProgressDisplay.of(mode, report.progressInterval(), this.terminal.get(), err), Math.max(10_000_000L, tick));
			this.watch = w;
			w.start();
		}
		catch (RuntimeException ex) {
			log.warn("no progress display for this run: " + ex.getMessage()); // the load itself goes on
		}
	}

	@Override
	public void afterJob(JobExecution execution) {
		Watch w = this.watch;
		if (w != null) {
			w.finish();
		}
		RunTimes.ended(execution, Instant.now());
		saveTimes(execution);
	}

	/** Saves the job's context with the run's times ({@link RunTimes}), for status and summaries. */
	private void saveTimes(JobExecution execution) {
		try {
			this.repository.updateExecutionContext(execution);
		}
		catch (RuntimeException ex) {
			log.warn("could not record the run's start and end time to the nanosecond (status falls back to the job tables'"
					+ " times): " + ex.getMessage());
		}
	}

	/**
	 * What a partition has committed of its unit, over all runs, in the input's measure (a sorted stream: its
	 * share of the unit); 0 for a partition without a unit.
	 */
	static long bytesDone(InputSource input, ExecutionContext unit, PartitionProgress progress) {
		if (unit == null || !input.holdsUnit(unit)) {
			return 0;
		}
		UnitProgress done = input.progress(unit);
		if (progress.sorted()) {
			return progress.sortedTotal() > 0
					? (long) (done.total() * Math.min(1.0, (double) progress.sortedPosition() / progress.sortedTotal())) : 0;
		}
		return done.done();
	}

	/**
	 * What a partition has done in this run.
	 * @param updated rows that updated a row already in the table (mode upsert), not in {@code written}
	 */
	record ThisRun(long read, long written, long rejected, long bytes, long updated) {

		static ThisRun of(RunningPartitions.Opened opened, InputSource input) {
			ExecutionContext context = opened.step().getExecutionContext();
			PartitionProgress now = PartitionProgress.readFrom(context);
			PartitionProgress then = opened.atOpen();
			return new ThisRun(now.read() - then.read(), now.written() - then.written(), now.rejected() - then.rejected(),
					bytesDone(input, context, now) - bytesDone(input, opened.unitAtOpen(), then), now.updated() - then.updated());
		}

		/** The rows this run put in the table: inserted, or updated by an upsert (whose progress showed 0 rows otherwise). */
		long landed() {
			return this.written + this.updated;
		}

	}

	/** The sampler of one job execution. */
	private final class Watch implements Runnable {

		final JobExecution execution;

		/** The run's input, which measures the partitions' progress. */
		final InputSource input;

		/** The run's load mode: the steps it does not use (they pass in an instant) are not shown. */
		final LoadMode mode;

		final long dataBytes;

		final long before;

		final ProgressDisplay display;

		final long tickNanos;

		final ThroughputSamples samples = new ThroughputSamples();

		final Thread thread;

		volatile boolean stopping;

		volatile long cpuNanos;

		/** {@link System#nanoTime} of the last sample kept, or 0 before the first. */
		long lastSample;

		/** Partitions whose last sample, at their end, is taken. */
		final java.util.Set<String> ended = new java.util.HashSet<>();

		boolean sampled;

		/** The phase of the last snapshot shown. */
		String shown;

		/** When the load phase started: its first partition's opening, or the end of the sort when one ran. */
		long loadStart;

		Watch(JobExecution execution, InputSource input, LoadMode mode, long dataBytes, long before, ProgressDisplay display,
				long tickNanos) {
			this.execution = execution;
			this.input = input;
			this.mode = mode;
			this.dataBytes = dataBytes;
			this.before = before;
			this.display = display;
			this.tickNanos = tickNanos;
			this.thread = new Thread(this, "rowlift-progress");
			this.thread.setDaemon(true);
		}

		void start() {
			this.thread.start();
		}

		@Override
		public void run() {
			ThreadMXBean threads = ManagementFactory.getThreadMXBean();
			boolean cpu = threads.isCurrentThreadCpuTimeSupported();
			try {
				while (!this.stopping) {
					tick(false);
					if (cpu) {
						this.cpuNanos = threads.getCurrentThreadCpuTime();
					}
					try {
						Thread.sleep(this.tickNanos / 1_000_000, (int) (this.tickNanos % 1_000_000));
					}
					catch (InterruptedException ex) {
						break;
					}
				}
			}
			catch (RuntimeException ex) {
				log.debug("the progress sampler stopped: " + ex); // a display problem must not touch the load
			}
		}

		/** Stops the thread, then takes the last sample and draws it. */
		void finish() {
			this.stopping = true;
			this.thread.interrupt();
			try {
				this.thread.join(5_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			try {
				tick(true);
			}
			catch (RuntimeException ex) {
				log.debug("the last progress sample failed: " + ex);
			}
			finally {
				this.display.close();
			}
		}

		/** Seconds from the run's start to the end of {@code partition}'s step (now when it has no end time). */
		private double endOf(RunningPartitions.Opened partition, long now) {
			java.time.LocalDateTime end = partition.step().getEndTime();
			Instant started = LoadMonitor.this.runStartedAt;
			if (end == null || started == null) {
				return (now - LoadMonitor.this.runStartedNanos) / 1e9;
			}
			Instant at = end.atZone(java.time.ZoneId.systemDefault()).toInstant();
			return Math.max(0, Duration.between(started, at).toNanos() / 1e9);
		}

		private void tick(boolean last) {
			long now = System.nanoTime();
			List<RunningPartitions.Opened> opened = new ArrayList<>(LoadMonitor.this.opened());
			opened.sort(Comparator.comparing(RunningPartitions.Opened::partition, Comparator.comparingInt(String::length)
				.thenComparing(Comparator.naturalOrder())));
			PhaseTracker.Phase tracked = LoadMonitor.this.phases.current();
			String step = runningStep();
			if (last || !this.sampled || now - this.lastSample >= SAMPLE_NANOS) {
				this.sampled = true;
				this.lastSample = now;
				double t = (now - LoadMonitor.this.runStartedNanos) / 1e9;
				for (RunningPartitions.Opened partition : opened) {
					if (partition.running()) {
						ThisRun done = ThisRun.of(partition, this.input);
						this.samples.add(partition.partition(), t, done.bytes(), done.written());
					}
				}
			}
			for (RunningPartitions.Opened partition : opened) {
				// a partition's last point is at its own end, not at the next sample (nor at the run's end), so a
				// chart of the samples matches the partition's bar in the timeline
				if (!partition.running() && this.ended.add(partition.partition())) {
					ThisRun done = ThisRun.of(partition, this.input);
					this.samples.add(partition.partition(), endOf(partition, now), done.bytes(), done.written());
				}
			}
			if (last && RunTimelines.LOAD.equals(this.shown) && !opened.isEmpty()) {
				// the steps after the load passed between two samples: the load as it ended, as a later step would show it
				this.display.show(snapshot(now, opened, null, LoadJobNames.LOAD));
				this.shown = null;
			}
			if (!last && (tracked != null || step != null)) { // the report at the end says the rest; between steps, nothing new
				ProgressSnapshot snapshot = snapshot(now, opened, tracked, step);
				if (RunTimelines.LOAD.equals(this.shown) && !RunTimelines.LOAD.equals(snapshot.phase()) && !opened.isEmpty()) {
					this.display.show(snapshot(now, opened, null, LoadJobNames.LOAD)); // the load as it ended
				}
				this.shown = snapshot.phase();
				this.display.show(snapshot);
			}
		}

		private ProgressSnapshot snapshot(long now, List<RunningPartitions.Opened> opened, PhaseTracker.Phase tracked,
				String step) {
			Duration elapsed = Duration.ofNanos(now - LoadMonitor.this.runStartedNanos);
			if (tracked != null) {
				double seconds = tracked.elapsed().toNanos() / 1e9;
				double rate = seconds > 0 ? tracked.done() / seconds : 0;
				boolean bytes = "bytes".equals(tracked.unit());
				Duration eta = bytes && rate > 0 && tracked.total() >= 0
						? Duration.ofSeconds((long) (Math.max(0, tracked.total() - tracked.done()) / rate)) : null;
				return new ProgressSnapshot(tracked.name(), tracked.unit(), tracked.done(), tracked.total(), 0, 0,
						bytes ? rate : 0, eta, elapsed, tracked.elapsed(), List.of(), tracked.detail());
			}
			if (!LoadJobNames.LOAD.equals(step)) {
				return new ProgressSnapshot(phaseOf(step), null, 0, -1, 0, 0, 0, null, elapsed, phaseElapsed(step, now), List.of(), null);
			}
			if (opened.isEmpty()) { // the load step before its first partition opens
				return new ProgressSnapshot(RunTimelines.LOAD, this.input.measure(), Math.min(this.dataBytes, this.before), this.dataBytes, 0, 0,
						0, null, elapsed, Duration.ZERO, List.of(), null);
			}
			this.loadStart = loadStart(opened, now); // moves to the end of the sort once there is one
			long bytes = 0;
			long rows = 0;
			List<ProgressSnapshot.PartitionProgressLine> lines = new ArrayList<>();
			for (RunningPartitions.Opened partition : opened) {
				ThisRun done = ThisRun.of(partition, this.input);
				bytes += done.bytes();
				rows += done.landed();
				ExecutionContext context = partition.step().getExecutionContext();
				PartitionProgress progress = PartitionProgress.readFrom(context);
				boolean unit = this.input.holdsUnit(context);
				double seconds = partition.running() ? Math.max(0, now - Math.max(partition.openedNanos(), sortEnd())) / 1e9
						: RunTimelines.seconds(partition.step());
				lines.add(new ProgressSnapshot.PartitionProgressLine(partition.partition(),
						partition.step().getStatus().toString(), bytesDone(this.input, context, progress),
						unit ? this.input.progress(context).total() : 0, done.landed(),
						seconds > 0 ? done.landed() / seconds : 0));
			}
			double seconds = (now - this.loadStart) / 1e9;
			double byteRate = seconds > 0 ? bytes / seconds : 0;
			long done = Math.min(this.dataBytes, this.before + bytes);
			Duration eta = byteRate > 0 ? Duration.ofSeconds((long) ((this.dataBytes - done) / byteRate)) : null;
			String waits = LoadMonitor.this.stored == null ? null
					: LoadMonitor.this.waiting.apply(opened.stream().map(RunningPartitions.Opened::step).toList());
			return new ProgressSnapshot(RunTimelines.LOAD, this.input.measure(), done, this.dataBytes, rows,
					seconds > 0 ? rows / seconds : 0, byteRate, eta, elapsed, Duration.ofNanos(now - this.loadStart), lines, waits);
		}

		/** The load's start for its rates: its first partition's opening, or the end of the sort when one ran. */
		private long loadStart(List<RunningPartitions.Opened> opened, long now) {
			long first = opened.stream().mapToLong(RunningPartitions.Opened::openedNanos).min().orElse(now);
			return Math.max(first, sortEnd());
		}

		private long sortEnd() {
			for (PhaseTracker.Phase phase : LoadMonitor.this.phases.all()) {
				if (phase.name().equals(io.rowlift.sort.ExternalSort.PHASE) && phase.ended()) {
					return phase.endedNanos();
				}
			}
			return Long.MIN_VALUE;
		}

		/** The running step of the manager (not a partition), or null before the first. */
		private String runningStep() {
			String running = null;
			for (StepExecution step : this.execution.getStepExecutions()) {
				if (!step.getStepName().startsWith(LoadJobNames.WORKER + ":") && step.getEndTime() == null
						&& RunTimelines.shown(step.getStepName(), this.mode)) {
					running = step.getStepName();
				}
			}
			return running;
		}

		private Duration phaseElapsed(String name, long now) {
			for (StepExecution step : this.execution.getStepExecutions()) {
				if (step.getStepName().equals(name) && step.getStartTime() != null) {
					return Duration.between(step.getStartTime(), java.time.LocalDateTime.now());
				}
			}
			return Duration.ofNanos(now - LoadMonitor.this.runStartedNanos);
		}

	}

	/** The report's name of a step of the load job. */
	static String phaseOf(String step) {
		return switch (step) {
			case LoadJobNames.PREPARE -> "table-prepare"; // truncate empties the table, replace makes its staging table
			case LoadJobNames.INDEX_DROP -> "index-drop";
			case LoadJobNames.LOAD -> RunTimelines.LOAD;
			case LoadJobNames.INDEX_REBUILD -> "index-rebuild";
			case LoadJobNames.ACCOUNTING -> "accounting";
			case LoadJobNames.SWAP -> "swap"; // replace swaps the staging table in
			case LoadJobNames.BEFORE_SQL -> "before-sql"; // rowlift.job.before-sql, once per load
			case LoadJobNames.AFTER_SQL -> "after-sql"; // rowlift.job.after-sql, once per load
			default -> step;
		};
	}

}
