package io.rowlift.cluster;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** This process as a cluster names it: {@code host:pid}. */
public final class WorkerIdentity {

	/** The step context key under which a worker writes its identity into each partition it runs. */
	public static final String KEY = io.rowlift.job.LoadJobNames.WORKER_IDENTITY;

	private WorkerIdentity() {
	}

	/** The host's name ({@code HOSTNAME}, else the resolver's), or {@code localhost}. */
	public static String host() {
		String env = System.getenv("HOSTNAME");
		if (env != null && !env.isBlank()) {
			return env;
		}
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			return "localhost";
		}
	}

	/** {@code host:pid}. */
	public static String of() {
		return host() + ":" + ProcessHandle.current().pid();
	}

}
