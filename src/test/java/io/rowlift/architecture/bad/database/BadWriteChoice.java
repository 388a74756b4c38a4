package io.rowlift.architecture.bad.database;

/** Breaks: only a dialect names its write methods (this generic class compares with MySQL's, twice). */
public class BadWriteChoice {

	public boolean streams(WriteMethod method) {
		return method == WriteMethod.valueOf("load-data") || method == WriteMethod.LOAD_DATA;
	}

}
