package io.rowlift.schedule;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;

import io.rowlift.load.GracefulStop;
import io.rowlift.schedule.ServiceMode;
import io.rowlift.database.TargetProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.load.LoadRequest;
import io.rowlift.load.IndexRestore;
import io.rowlift.load.InboxTable;
import io.rowlift.load.LoadService;
import io.rowlift.load.ReservedTargets;
import io.rowlift.report.ReportProperties;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.source.SourceProperties;
import io.rowlift.sort.SortProperties;

/**
 * Service mode's beans, defined only when {@code rowlift.schedule.cron} or {@code fixed-delay} is set
 * ({@link ServiceMode.On}): then the command line's {@code load} verb runs the {@link InboxService}. A one-shot load
 * defines none of them.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(ServiceMode.On.class)
@EnableConfigurationProperties(ScheduleProperties.class)
public class ScheduleConfiguration {

	@Bean
	InboxService inboxService(ScheduleProperties schedule, SourceProperties source, TargetProperties target, JobProperties job,
			ReportProperties report, SchemaProperties schema, SortProperties sort, LoadService loads, DataSource dataSource, InboxTable inboxTable,
			IndexRestore indexes, ReservedTargets reserved, ApplicationEventPublisher events, ConfigurableEnvironment environment,
			ObjectProvider<GracefulStop> signals) {
		LoadRequest request = LoadRequest.builder().source(source).target(target).job(job).report(report).schema(schema).sort(sort)
			.build();
		List<String> refused = new ArrayList<>();
		if (report.rejectFile() != null) {
			refused.add("rowlift.report.reject-file");
		}
		if (report.summaryFile() != null) {
			refused.add("rowlift.report.summary-file");
		}
		if (report.htmlFile() != null) {
			refused.add("rowlift.report.html-file");
		}
		return new InboxService(schedule, source.path(), target.table(), job,
				(file, table) -> request.toBuilder()
					.source(bind(environment, "rowlift.source", Map.of("rowlift.source.path", file.toString()), SourceProperties.class))
					.target(bind(environment, "rowlift.target", Map.of("rowlift.target.table", table), TargetProperties.class))
					.build(),
				loads, new InboxLedger(dataSource, inboxTable), events, refused,
				// installed before the refresh by ServiceSignals; made here when the context was built without it
				signals.getIfAvailable(() -> GracefulStop.beforeStart(System.err)), Clock.systemUTC(),
				indexes, reserved);
	}

	/**
	 * The settings under {@code prefix} as configured, with {@code overrides} on top: one file's
	 * settings, whatever else the record holds (bound as Boot binds it, defaults included).
	 */
	static <T> T bind(ConfigurableEnvironment environment, String prefix, Map<String, Object> overrides, Class<T> type) {
		List<ConfigurationPropertySource> sources = new ArrayList<>();
		sources.add(new MapConfigurationPropertySource(overrides));
		ConfigurationPropertySources.get(environment).forEach(sources::add);
		Binder binder = new Binder(sources, new PropertySourcesPlaceholdersResolver(environment),
				ApplicationConversionService.getSharedInstance());
		return binder.bindOrCreate(prefix, type);
	}

}
