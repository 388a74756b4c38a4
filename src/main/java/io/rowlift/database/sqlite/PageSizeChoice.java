package io.rowlift.database.sqlite;

import io.rowlift.RowliftException;
import io.rowlift.database.TargetProperties;

/**
 * The page size of a database file Rowlift creates, and why: {@code rowlift.target.page-size} when
 * set, else chosen from the input's average record length, which the launcher samples from the start
 * of the data with the load's own parser and hands over as a number (this package never reads the input).
 *
 * <p><b>Why by record length</b> (docs/benchmarks.md, "SQLite page size"): 64 KiB pages load long
 * records much faster than SQLite's 4 KiB (job times with the same jar: docs, 1 KB records, 4.5-5.0 s
 * against 7.8 s; wide, 330 bytes, 17.9-19.8 s against 22.7-23.5 s; keys, 106 bytes, 26.3-28.1 s
 * against 32-37 s), but gain nothing on short ones and build secondary indexes slower (ints, 34-byte
 * records and three indexes, 30M rows: job times 70-75 s against 54-67 s). So records of
 * {@value #LONG_RECORD} bytes or more on average get {@value #LARGE}-byte pages, shorter ones
 * SQLite's {@value #DEFAULT}.
 *
 * @param bytes the page size
 * @param reason why, for the log
 */
record PageSizeChoice(int bytes, String reason) {

	static final int LONG_RECORD = 64;

	static final int LARGE = 65536;

	static final int DEFAULT = 4096;

	/**
	 * @param configured {@code rowlift.target.page-size}, or null to choose
	 * @param averageRecordBytes the input's average record length in bytes, or -1 when there was nothing to sample
	 * @throws RowliftException (exit 2) when the configured size is not one SQLite can use
	 */
	static PageSizeChoice of(Integer configured, long averageRecordBytes) {
		if (checked(configured) != null) {
			return new PageSizeChoice(configured, "set by " + TargetProperties.PAGE_SIZE);
		}
		long average = averageRecordBytes;
		if (average < 0) {
			return new PageSizeChoice(DEFAULT, "SQLite's default: no input to sample");
		}
		return average >= LONG_RECORD
				? new PageSizeChoice(LARGE, "records average " + average + " bytes, long records load faster in large pages")
				: new PageSizeChoice(DEFAULT, "records average " + average + " bytes, short records gain nothing from large pages");
	}

	/**
	 * {@code configured} as it is, when it is a size SQLite can use or null (unset).
	 * @throws RowliftException (exit 2) otherwise
	 */
	static Integer checked(Integer configured) {
		if (configured != null && (configured < 512 || configured > 65536 || Integer.bitCount(configured) != 1)) {
			throw RowliftException.badInput(TargetProperties.PAGE_SIZE + " is " + configured
					+ "; SQLite pages are a power of two from 512 to 65536 bytes (unset: chosen from the input)");
		}
		return configured;
	}

}
