package io.rowlift.database;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The names of the tables a {@code replace} makes beside its target: derived from the target's name
 * alone, so every run of the same load finds them. Within the database's limit on identifiers a long
 * name keeps its start and gets a digest of the whole name, so two long names with the same start do
 * not collide. Stateless.
 */
public final class StagingNames {

	/** Suffix of the staging table a replace loads. */
	public static final String STAGE = "__rowlift_stage";

	/** Suffix of the old table between MySQL's rename and its drop. */
	public static final String OLD = "__rowlift_old";

	private static final int DIGEST = 8;

	private StagingNames() {
	}

	/**
	 * @param table the target table, as the database spells it
	 * @param suffix {@link #STAGE} or {@link #OLD}
	 * @param maxLength the database's longest identifier, in characters
	 */
	public static String of(String table, String suffix, int maxLength) {
		if (table.length() + suffix.length() <= maxLength) {
			return table + suffix;
		}
		int keep = Math.max(0, maxLength - suffix.length() - DIGEST - 1);
		return table.substring(0, keep) + "_" + digest(table) + suffix;
	}

	private static String digest(String table) {
		try {
			byte[] sha = MessageDigest.getInstance("SHA-1").digest(table.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(sha).substring(0, DIGEST);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
