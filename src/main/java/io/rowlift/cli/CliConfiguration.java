package io.rowlift.cli;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import io.rowlift.infer.InferProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.load.LoadRequest;
import io.rowlift.load.MigrationLocations;
import io.rowlift.load.LoadService;
import io.rowlift.load.RebuildIndexesService;
import io.rowlift.load.StatusService;
import io.rowlift.load.TargetDatabase;
import io.rowlift.report.ReportProperties;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.schedule.InboxService;
import io.rowlift.load.ReservedTargets;
import io.rowlift.schedule.ServiceMode;
import io.rowlift.cluster.ClusterRole;
import io.rowlift.cluster.WorkerService;
import io.rowlift.source.SourceProperties;
import io.rowlift.sort.SortProperties;
import io.rowlift.database.TargetProperties;

/** The command line's beans: the runner and one bean per {@link Verb}, named {@link Verb#beanName}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ ReportProperties.class, StatusProperties.class, InferProperties.class })
public class CliConfiguration {

	@Bean(Verb.BEAN_PREFIX + "status")
	StatusCommand statusCommand(StatusService service, SourceProperties source, TargetProperties target, JobProperties job,
			StatusProperties status) {
		return new StatusCommand(service, source, target, job, status, System.out, System.err);
	}

	@Bean(Verb.BEAN_PREFIX + "rebuild-indexes")
	RebuildIndexesCommand rebuildIndexesCommand(RebuildIndexesService service, TargetDatabase database, TargetProperties target,
			JobProperties job) {
		return new RebuildIndexesCommand(service, database, target.table(), job, System.out, System.err);
	}

	/** {@code infer}: made from settings alone, with no data source, so that it never touches a database. */
	@Bean(Verb.BEAN_PREFIX + "infer")
	InferCommand inferCommand(SourceProperties source, TargetProperties target, InferProperties infer, ReportProperties report,
			MigrationLocations locations, ReservedTargets reserved) {
		return new InferCommand(source, target, infer, report, locations, io.rowlift.report.Terminals.interactive(), System.out,
				System.err, reserved);
	}

	@Bean(Verb.BEAN_PREFIX + RowliftRunner.HELP)
	HelpCommand helpCommand(ListableBeanFactory beans) {
		return new HelpCommand(RowliftRunner.verbs(beans), System.out);
	}

	@Bean(Verb.BEAN_PREFIX + RowliftRunner.VERSION)
	VersionCommand versionCommand() {
		return new VersionCommand(System.out);
	}

	@Bean
	RowliftRunner rowliftRunner(ListableBeanFactory beans, Environment environment) {
		return new RowliftRunner(beans, () -> UnknownKeys.fromClasspath(RowliftRunner.class.getClassLoader()).check(environment));
	}

	/** The one-shot load; in service mode {@link ServiceModeVerb} defines the {@code load} verb instead. */
	@Bean(Verb.BEAN_PREFIX + "load")
	@Conditional({ ServiceMode.Off.class, ClusterRole.None.class })
	RowliftCommand rowliftCommand(LoadService service, SourceProperties source, TargetProperties target, JobProperties job,
			ReportProperties report, SchemaProperties schema, SortProperties sort) {
		return new RowliftCommand(service,
				LoadRequest.builder().source(source).target(target).job(job).report(report).schema(schema).sort(sort).build());
	}

	/**
	 * The {@code load} verb of a cluster's manager ({@code rowlift.cluster.role=manager}): the one-shot load,
	 * its partitions sent to the workers (the cluster package's {@code RemotePartitions}).
	 */
	@Bean(Verb.BEAN_PREFIX + "load")
	@Conditional({ ServiceMode.Off.class, ClusterRole.Manager.class })
	ClusterCommand managerCommand(ObjectProvider<LoadService> service, TargetDatabase database, SourceProperties source,
			TargetProperties target, JobProperties job, ReportProperties report, SchemaProperties schema, SortProperties sort) {
		return new ClusterCommand(ClusterRole.MANAGER, database, () -> new RowliftCommand(service.getObject(),
				LoadRequest.builder().source(source).target(target).job(job).report(report).schema(schema).sort(sort).build()),
				System.err);
	}

	/** The {@code load} verb of a cluster's worker ({@code rowlift.cluster.role=worker}): serves partitions until stopped. */
	@Bean(Verb.BEAN_PREFIX + "load")
	@Conditional(ClusterRole.Worker.class)
	ClusterCommand workerCommand(ObjectProvider<WorkerService> service, TargetDatabase database) {
		return new ClusterCommand(ClusterRole.WORKER, database, () -> service.getObject()::run, System.err);
	}

	/** The {@code load} verb in service mode (the schedule package's beans are defined then too). */
	@Configuration(proxyBeanMethods = false)
	@Conditional(ServiceMode.On.class)
	static class ServiceModeVerb {

		/** Runs the schedule package's inbox service until a stop. */
		@Bean(Verb.BEAN_PREFIX + "load")
		ServiceCommand serviceCommand(InboxService service) {
			return new ServiceCommand(service);
		}

	}

}
