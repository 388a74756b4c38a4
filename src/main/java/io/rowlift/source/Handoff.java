package io.rowlift.source;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Hands items from one producing thread to one consuming thread, in order, a batch at a time: one
 * lock and at most one wake-up per batch instead of per item (a queue of single records cost a lock,
 * and often a park and an unpark, per row on the hot path). The end, or the producer's failure,
 * arrives after every item put before it.
 *
 * <p>Not a general queue: {@link #put}, {@link #end} and {@link #fail} belong to the one producer
 * thread, {@link #take} to the one consumer thread. The producer blocks while
 * {@code capacity} items wait; a batch is handed over when it is full or at the end, so the consumer
 * sees the first items once a batch is full (or the producer ends).
 *
 * @param <T> the items
 */
public final class Handoff<T> {

	private static final Object END = new Object();

	private final BlockingQueue<Object> queue;

	private final int batch;

	private Object[] filling;

	private int filled;

	private Object[] draining;

	private int drained;

	private boolean ended;

	/**
	 * @param capacity items waiting at most (rounded to whole batches, at least two)
	 * @param batch items per hand-over
	 */
	public Handoff(int capacity, int batch) {
		this.batch = Math.max(1, batch);
		this.queue = new ArrayBlockingQueue<>(Math.max(2, capacity / this.batch));
	}

	/** A producer's items, then {@code null}. */
	@FunctionalInterface
	public interface Source<T> {

		T next() throws Exception;

	}

	/**
	 * Producer: puts every item of {@code source}, then the end; a failure of the source (an Error
	 * too) is handed over in its place. Returns when done, or when the thread is interrupted (the
	 * consumer gave up).
	 */
	public void fill(Source<T> source) {
		try {
			for (T item = source.next(); item != null; item = source.next()) {
				put(item);
			}
			end();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Throwable ex) {
			try {
				fail(ex);
			}
			catch (InterruptedException stop) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** Producer: adds an item, handing the batch over when it is full (blocking while the consumer is behind). */
	public void put(T item) throws InterruptedException {
		if (this.filling == null) {
			this.filling = new Object[this.batch];
		}
		this.filling[this.filled++] = item;
		if (this.filled == this.batch) {
			flush();
		}
	}

	/** Producer: no more items; the consumer's {@link #take} returns {@code null} after the last one. */
	public void end() throws InterruptedException {
		flush();
		this.queue.put(END);
	}

	/** Producer: it failed; the consumer's {@link #take} throws {@code failure} after the items put before. */
	public void fail(Throwable failure) throws InterruptedException {
		flush();
		this.queue.put(new Failure(failure));
	}

	private void flush() throws InterruptedException {
		if (this.filled > 0) {
			this.queue.put(this.filled == this.batch ? this.filling : Arrays.copyOf(this.filling, this.filled));
			this.filling = null;
			this.filled = 0;
		}
	}

	/**
	 * Consumer: the next item, waiting for it; {@code null} once the producer ended.
	 * @throws Exception the producer's failure, as it was thrown (an Error too)
	 */
	@SuppressWarnings("unchecked")
	public T take() throws Exception {
		if (this.draining != null && this.drained < this.draining.length) {
			T item = (T) this.draining[this.drained];
			this.draining[this.drained++] = null; // the consumer may hold on to it; the batch does not
			return item;
		}
		if (this.ended) {
			return null;
		}
		Object next = this.queue.take();
		if (next instanceof Object[] items) {
			this.draining = items;
			this.drained = 0;
			return take();
		}
		this.ended = true;
		this.draining = null;
		if (next == END) {
			return null;
		}
		Throwable failure = ((Failure) next).cause();
		if (failure instanceof Exception exception) {
			throw exception;
		}
		throw (Error) failure;
	}

	private record Failure(Throwable cause) {
	}

}
