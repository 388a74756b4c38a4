package io.rowlift.observe;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.AutoConfigurationExcludeFilter;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

import io.rowlift.RowliftApplication;

/**
 * Rowlift without its command line and without the scheduled service: every other bean (the job, the
 * launcher, the database) plus the auto-configurations, so a test can run loads and publish the service's
 * events itself, with nothing else publishing them. Its command runner blocks like the service's. Started like the real application, so the
 * environment post-processor and the auto-configuration filter act as they do in production.
 *
 * <p>Not a {@code @Configuration}: the real application's component scan, in other tests of this JVM,
 * must not find it. As the primary source it is a configuration all the same (its {@code @ComponentScan}).
 */
@EnableAutoConfiguration
@ComponentScan(basePackageClasses = RowliftApplication.class,
		excludeFilters = { @ComponentScan.Filter(type = FilterType.CUSTOM, classes = TypeExcludeFilter.class),
				@ComponentScan.Filter(type = FilterType.CUSTOM, classes = AutoConfigurationExcludeFilter.class),
				@ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = RowliftApplication.class),
				@ComponentScan.Filter(type = FilterType.REGEX, pattern = "io\\.rowlift\\.(cli|schedule|observe)\\..*") })
class ObservedService {

	private static final HttpClient HTTP = HttpClient.newHttpClient();

	private static final CountDownLatch RELEASE = new CountDownLatch(1);

	private static final CompletableFuture<ConfigurableApplicationContext> STARTED = new CompletableFuture<>();

	private static Thread main;

	/**
	 * Starts it on a thread of its own whose command runner then waits, as the real service's does for
	 * its whole life (Boot's "ready" never comes); returns once the context has started. One per JVM.
	 */
	static ConfigurableApplicationContext start(List<String> args) throws Exception {
		main = new Thread(() -> {
			try {
				new SpringApplicationBuilder(ObservedService.class).run(args.toArray(String[]::new));
			}
			catch (Throwable ex) {
				STARTED.completeExceptionally(ex);
			}
		}, "observed-service");
		main.start();
		return STARTED.get(5, TimeUnit.MINUTES);
	}

	/** Lets the command runner return, then closes the context. */
	static void stop(ConfigurableApplicationContext context) throws InterruptedException {
		RELEASE.countDown();
		main.join(TimeUnit.MINUTES.toMillis(1));
		context.close();
	}

	@Bean
	ApplicationListener<ApplicationStartedEvent> startedContext() {
		return event -> STARTED.complete(event.getApplicationContext());
	}

	@Bean
	ApplicationRunner serviceRunner() {
		return arguments -> RELEASE.await();
	}

	/** GET {@code path} on the management port: status and body. */
	static HttpResponse<String> get(ConfigurableApplicationContext context, String path) throws IOException, InterruptedException {
		String port = context.getEnvironment().getProperty("local.management.port");
		return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	/** The value of the Prometheus sample {@code series} (name and labels as printed, e.g. {@code x_total{a="b"}}). */
	static double sample(String exposition, String series) {
		Matcher m = Pattern.compile("^" + Pattern.quote(series) + " (\\S+)$", Pattern.MULTILINE).matcher(exposition);
		if (!m.find()) {
			throw new AssertionError("no sample " + series + " in:\n" + exposition);
		}
		return Double.parseDouble(m.group(1));
	}

}
