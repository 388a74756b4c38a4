package io.rowlift.load;

import javax.sql.DataSource;

import org.springframework.batch.core.repository.JobRepository;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.rowlift.database.TargetDialect;
import io.rowlift.job.LoadLauncher;
import io.rowlift.job.LoadMonitor;
import io.rowlift.model.Checkpoints;

/** The load service's bean; made when a caller (the {@code load} verb, the scheduled service) asks for it. */
@Configuration(proxyBeanMethods = false)
public class LoadConfiguration {

	@Bean
	LoadService loadService(LoadLauncher launcher, DataSource dataSource, JobRepository jobRepository, TargetDialect dialect,
			Checkpoints checkpoints, LoadMonitor monitor) {
		return new LoadService(launcher, dataSource, jobRepository, dialect, checkpoints, monitor);
	}

}
