package io.rowlift.architecture.bad.database.mapping;

import io.rowlift.architecture.bad.database.write.BadSink;

/** Breaks: mapping knows no sink. */
public class BadBinder {

	public void bind(BadSink sink) {
		sink.hashCode();
	}

}
