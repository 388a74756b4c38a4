package io.rowlift.observe;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.boot.autoconfigure.AutoConfigurationExcludeFilter;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

import io.rowlift.RowliftApplication;

/**
 * Rowlift without its command line and without the scheduled service: every other bean (the job, the
 * launcher, the database) plus the auto-configurations, so a test can run loads and publish the service's
 * events itself, with nothing else publishing them. Started like the real application, so the
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

	static ConfigurableApplicationContext start(List<String> args) {
		return new SpringApplicationBuilder(ObservedService.class).run(args.toArray(String[]::new));
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
