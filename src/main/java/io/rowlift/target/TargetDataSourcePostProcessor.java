package io.rowlift.target;

import org.springframework.beans.factory.config.BeanPostProcessor;

import com.zaxxer.hikari.HikariDataSource;

/**
 * Lets the dialect add what a load needs to the connection pool before it opens (contract: a plain
 * JDBC URL works, Rowlift adds the driver properties it needs itself, whatever the config says).
 */
public final class TargetDataSourcePostProcessor implements BeanPostProcessor {

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof HikariDataSource dataSource) {
			TargetDialects.forUrl(dataSource.getJdbcUrl()).configure(dataSource);
		}
		return bean;
	}

}
