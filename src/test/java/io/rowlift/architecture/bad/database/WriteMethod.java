package io.rowlift.architecture.bad.database;

/** A write method by name, as the product's. */
public final class WriteMethod {

	private WriteMethod() {
	}

	public static WriteMethod valueOf(String name) {
		return new WriteMethod();
	}

}
