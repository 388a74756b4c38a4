package io.rowlift.architecture.bad.job;

import org.springframework.core.env.Environment;

/** Breaks: the job reads no Environment (here the pool size, which a typed record should carry). */
public class BadSettings {

	public int poolSize(Environment environment) {
		return environment.getProperty("spring.datasource.hikari.maximum-pool-size", Integer.class, 10);
	}

}
