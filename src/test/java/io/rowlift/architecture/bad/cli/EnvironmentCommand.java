package io.rowlift.architecture.bad.cli;

import org.springframework.core.env.Environment;

/** A verb that reads a setting by its name: breaks "a verb reads no Environment". */
public class EnvironmentCommand {

	private final Environment environment;

	public EnvironmentCommand(Environment environment) {
		this.environment = environment;
	}

	public int run() {
		return this.environment.getProperty("rowlift.target.table") == null ? 2 : 0;
	}

}
