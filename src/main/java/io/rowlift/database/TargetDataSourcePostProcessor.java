package io.rowlift.database;

import java.nio.file.Path;

import org.springframework.beans.factory.config.BeanPostProcessor;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

import com.zaxxer.hikari.HikariDataSource;

/**
 * Lets the dialect add what a load needs to the connection pool before it opens (contract: a plain
 * JDBC URL works, Rowlift adds the driver properties it needs itself, whatever the config says).
 */
public final class TargetDataSourcePostProcessor implements BeanPostProcessor {

	private final Environment environment;

	public TargetDataSourcePostProcessor(Environment environment) {
		this.environment = environment;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof HikariDataSource dataSource) {
			TargetProperties target = Binder.get(this.environment)
				.bindOrCreate(TargetProperties.PREFIX, TargetProperties.class);
			String source = this.environment.getProperty("rowlift.source.path");
			TargetDialects.forUrl(dataSource.getJdbcUrl())
				.configure(dataSource, target, source == null || source.isBlank() ? null : Path.of(source));
		}
		return bean;
	}

}
