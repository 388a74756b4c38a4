package io.rowlift.architecture.bad.model;

import org.springframework.core.env.Environment;

/** Breaks: the shared model depends on nothing (here: a framework type, for a test hook). */
public class BadModel {

	public String pauseAt(Environment environment) {
		return environment.getProperty("rowlift.test.pause-at");
	}

}
