package io.rowlift.job;

import java.lang.management.ManagementFactory;

/** The CPU and wall time of a stored plan's first write and read in a fresh JVM, with the codec -Dhand picks. */
public class FirstUse {
	public static void main(String[] args) {
		String json = """
				{"version":1,"loadKey":"people <- /tmp/people.csv","fingerprint":"305029:1796302303272:7c162fe",\
				"started":"2026-12-03T12:51:49.515925773Z","file":"/tmp/people.csv","display":"people.csv",\
				"input":{"format":"csv","state":{"delimiter":44,"quote":34,"escape":-1,"header":true,"nullValue":null,\
				"names":["id","name"],"dataStart":"39"}},\
				"mapping":{"table":{"name":"people","columns":[{"name":"id","jdbcType":4,"typeName":"INTEGER","size":2000000000,\
				"scale":0,"nullable":true,"hasDefault":false,"text":false},{"name":"name","jdbcType":12,"typeName":"TEXT","size":2000000000,\
				"scale":0,"nullable":true,"hasDefault":false,"text":true}],"primaryKey":["id"]},"columns":["id","name"],"fields":[0,1],\
				"fieldCount":2,"names":null,"expressions":null,"compressed":null,"filter":null},\
				"values":{"charset":"UTF-8","date":null,"time":null,"timestamp":null,"zone":"UTC"},\
				"sizing":{"partitions":1,"partitionsReason":"default","threads":1,"chunkSize":10000,"chunkSizeReason":"default"},\
				"write":{"method":"INSERT_SELECT","reason":"the default"},"keyOrder":{"order":"FILE","reason":"sampled"},\
				"sortDir":null,"pipeline":{"pipeline":"FAST","reason":"default"},"target":{"mode":"APPEND","upsertKey":null},\
				"settings":{"rowlift.source.header":"true"},"sql":{"before":[],"after":[]}}""";
		var threads = ManagementFactory.getThreadMXBean();
		long cpu0 = threads.getCurrentThreadCpuTime();
		long wall0 = System.nanoTime();
		StoredPlan plan = StoredPlanJson.read(json); // as a resume and every step read it
		String written = StoredPlanJson.write(plan); // as a new run stores it
		StoredPlan again = StoredPlanJson.read(written);
		long cpu = threads.getCurrentThreadCpuTime() - cpu0;
		long wall = System.nanoTime() - wall0;
		if (!again.loadKey().equals(plan.loadKey())) throw new AssertionError();
		System.out.printf("%s cpu_ms=%.1f wall_ms=%.1f%n", Boolean.getBoolean("hand") ? "hand" : "mapper", cpu / 1e6, wall / 1e6);
	}
}
