package io.rowlift.architecture.bad.cluster;

/** A cluster entry point that the bad job below calls. */
public class BadManager {

	public int send() {
		return 1;
	}

}
