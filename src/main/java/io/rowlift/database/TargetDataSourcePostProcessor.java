package io.rowlift.database;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

import com.zaxxer.hikari.HikariDataSource;

/**
 * Lets the dialect add what a load needs to the connection pool before it opens (contract: a plain
 * JDBC URL works, Rowlift adds the driver properties it needs itself, whatever the config says). It
 * reads only the target's settings; what a database Rowlift creates is sized for comes from the source
 * side as one number ({@link InputRecordLength}), asked only when the database is new.
 */
public final class TargetDataSourcePostProcessor implements BeanPostProcessor {

	private final Environment environment;

	private final ObjectProvider<InputRecordLength> input;

	/**
	 * @param input the input's record length, for a database Rowlift creates; none where no input is configured
	 */
	public TargetDataSourcePostProcessor(Environment environment, ObjectProvider<InputRecordLength> input) {
		this.environment = environment;
		this.input = input;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof HikariDataSource dataSource) {
			TargetProperties target = Binder.get(this.environment)
				.bindOrCreate(TargetProperties.PREFIX, TargetProperties.class);
			TargetDialect dialect = TargetDialects.forUrl(dataSource.getJdbcUrl());
			TargetDialects.checkProfiles(this.environment, dialect);
			TargetDialects.checkIntended(this.environment, dialect); // before createDatabase makes the default file
			dialect.connections().configure(dataSource, target, lockWait());
			dialect.connections().createDatabase(dataSource.getJdbcUrl(), target, () -> {
				InputRecordLength length = this.input.getIfAvailable();
				return length == null ? -1 : length.averageBytes();
			});
		}
		return bean;
	}

	/** {@code rowlift.job.lock-wait}; 0 when unset or not a duration (the job's settings report a bad value, naming it). */
	private java.time.Duration lockWait() {
		try {
			return Binder.get(this.environment).bind("rowlift.job.lock-wait", java.time.Duration.class)
				.orElse(java.time.Duration.ZERO);
		}
		catch (RuntimeException ex) {
			return java.time.Duration.ZERO;
		}
	}

}
