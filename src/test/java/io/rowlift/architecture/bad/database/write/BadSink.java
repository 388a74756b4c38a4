package io.rowlift.architecture.bad.database.write;

/** A sink, for {@link io.rowlift.architecture.bad.database.mapping.BadBinder} to know. */
public class BadSink {

}
