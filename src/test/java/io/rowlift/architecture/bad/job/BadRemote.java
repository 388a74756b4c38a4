package io.rowlift.architecture.bad.job;

import io.rowlift.architecture.bad.cluster.BadManager;

/** Breaks: the job calls the cluster's manager above it (it must ask through an interface of its own). */
public class BadRemote {

	public int partitions() {
		return new BadManager().send();
	}

}
