package io.rowlift.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Properties;

/**
 * {@code rowlift --version} (also {@code rowlift version}): prints {@code rowlift <version>} and exits
 * 0. Needs no setting and touches no database. The version is the jar manifest's
 * {@code Implementation-Version} (the pom's version), else, where the classes do not come from the
 * jar (tests run by Maven), {@code build.version} of {@code META-INF/build-info.properties}, which the
 * build writes too; {@code unknown} when neither is there.
 */
public final class VersionCommand implements Verb {

	private final PrintStream out;

	public VersionCommand(PrintStream out) {
		this.out = out;
	}

	@Override
	public int run() {
		this.out.println("rowlift " + version());
		return 0;
	}

	/** This build's version, as described above. */
	static String version() {
		String manifest = VersionCommand.class.getPackage().getImplementationVersion();
		if (manifest != null && !manifest.isBlank()) {
			return manifest;
		}
		try (InputStream in = VersionCommand.class.getClassLoader().getResourceAsStream("META-INF/build-info.properties")) {
			if (in != null) {
				Properties build = new Properties();
				build.load(in);
				return build.getProperty("build.version", "unknown");
			}
		}
		catch (IOException ex) {
			// fall through: the version is not known
		}
		return "unknown";
	}

}
