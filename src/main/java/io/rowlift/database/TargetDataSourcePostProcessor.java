package io.rowlift.database;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

import com.zaxxer.hikari.HikariDataSource;

/**
 * Lets the dialect add what a load needs to the connection pool before it opens (contract: a plain
 * JDBC URL works, Rowlift adds the driver properties it needs itself, whatever the config says). It
 * reads only the target's settings; what a database Rowlift creates is sized for comes from the source
 * side as one number ({@link InputRecordLength}), asked only when the database is new. It reads no
 * {@code Environment}: {@link TargetConfiguration} hands it the settings and the checks of where they came from,
 * each asked only when the pool is made.
 */
public final class TargetDataSourcePostProcessor implements BeanPostProcessor {

	private final Supplier<TargetProperties> target;

	private final Supplier<Duration> lockWait;

	private final Consumer<TargetDialect> intended;

	private final ObjectProvider<InputRecordLength> input;

	/**
	 * @param target {@code rowlift.target.*}, bound when the pool is made
	 * @param lockWait {@code rowlift.job.lock-wait}, 0 when unset or not a duration
	 * @param intended the checks that the URL's dialect is the one the operator meant (the active profiles, a URL set
	 * under another key); throws {@code RowliftException} (exit 2) when it is not
	 * @param input the input's record length, for a database Rowlift creates; none where no input is configured
	 */
	public TargetDataSourcePostProcessor(Supplier<TargetProperties> target, Supplier<Duration> lockWait,
			Consumer<TargetDialect> intended, ObjectProvider<InputRecordLength> input) {
		this.target = target;
		this.lockWait = lockWait;
		this.intended = intended;
		this.input = input;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof HikariDataSource dataSource) {
			TargetProperties target = this.target.get();
			TargetDialect dialect = TargetDialects.forUrl(dataSource.getJdbcUrl());
			this.intended.accept(dialect); // before createDatabase makes the default file
			dialect.connections().configure(dataSource, target, this.lockWait.get());
			dialect.connections().createDatabase(dataSource.getJdbcUrl(), target, () -> {
				InputRecordLength length = this.input.getIfAvailable();
				return length == null ? -1 : length.averageBytes();
			});
		}
		return bean;
	}

}
