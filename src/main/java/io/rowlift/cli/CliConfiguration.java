package io.rowlift.cli;

import javax.sql.DataSource;

import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import io.rowlift.job.JobProperties;
import io.rowlift.job.LoadLauncher;
import io.rowlift.model.Checkpoints;
import io.rowlift.report.ReportProperties;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetProperties;

/** The command line's beans: the runner and one bean per {@link Verb}, named {@link Verb#beanName}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ReportProperties.class)
public class CliConfiguration {

	@Bean
	RowliftRunner rowliftRunner(ListableBeanFactory beans, Environment environment) {
		return new RowliftRunner(beans, () -> UnknownKeys.fromClasspath(RowliftRunner.class.getClassLoader()).check(environment));
	}

	@Bean(Verb.BEAN_PREFIX + "load")
	RowliftCommand rowliftCommand(LoadLauncher launcher, DataSource dataSource, JobRepository jobRepository,
			TargetDialect dialect, SourceProperties source, TargetProperties target, JobProperties job, ReportProperties report,
			Checkpoints checkpoints) {
		return new RowliftCommand(launcher, dataSource, jobRepository, dialect, source, target, job, report, checkpoints);
	}

}
