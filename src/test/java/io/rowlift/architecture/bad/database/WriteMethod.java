package io.rowlift.architecture.bad.database;

/** A write method by name, as the product's, with a vendor's constant the product's does not have. */
public final class WriteMethod {

	public static final WriteMethod LOAD_DATA = new WriteMethod();

	private WriteMethod() {
	}

	public static WriteMethod valueOf(String name) {
		return new WriteMethod();
	}

}
