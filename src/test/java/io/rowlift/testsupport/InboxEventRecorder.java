package io.rowlift.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.event.EventListener;

import io.rowlift.schedule.InboxEvent;
import io.rowlift.schedule.InboxService;

/**
 * Test-only: {@code rowlift.test.record-inbox-events=true} records every {@link InboxEvent} the service
 * publishes, in this JVM (in-process service tests), runs a test's hook on each (on the service's
 * thread, so inside the tick), and lets the test stop the service. Off unless the property is set;
 * listed in the test {@code AutoConfiguration.imports}.
 */
@AutoConfiguration
@ConditionalOnProperty(name = "rowlift.test.record-inbox-events", havingValue = "true")
public class InboxEventRecorder {

	private static final List<InboxEvent> events = new CopyOnWriteArrayList<>();

	private static volatile Consumer<InboxEvent> hook = e -> {
	};

	private static volatile ApplicationContext context;

	/** Forgets what was recorded and sets the hook run on each event. */
	public static void reset(Consumer<InboxEvent> onEvent) {
		events.clear();
		hook = onEvent;
		context = null;
	}

	/** What was published so far, in order. */
	public static List<InboxEvent> events() {
		return List.copyOf(events);
	}

	/** Asks the recorded service to stop (as SIGTERM does); false before the application has started. */
	public static boolean stopService() {
		ApplicationContext current = context;
		if (current == null) {
			return false;
		}
		current.getBean(InboxService.class).stop();
		return true;
	}

	/** Made at start-up (not lazily), so the test can stop the service before any event. */
	@Bean
	@Lazy(false)
	Recorder inboxEventRecorder(ApplicationContext applicationContext) {
		context = applicationContext;
		return new Recorder();
	}

	/** The listener. */
	public static final class Recorder {

		@EventListener
		public void on(InboxEvent event) {
			events.add(event);
			hook.accept(event);
		}

	}

}
