package io.rowlift.infer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import io.rowlift.RowliftException;

/**
 * Where {@code infer} writes its migrations and under which version: {@code DIR/sqlite/V<n>__create_T.sql}
 * and {@code DIR/mysql/V<n>__create_T.sql}, with {@code n} one more than the highest version found in
 * {@code DIR/sqlite}, {@code DIR/mysql} and every location of {@code spring.flyway.locations} (for both
 * vendors), so that Flyway applies it after what is there. {@code DIR} is {@code rowlift.infer.output-dir},
 * else the first {@code filesystem:} location ending in {@code {vendor}}, without it. Reads files and
 * the classpath only, never a database. Stateless.
 */
final class MigrationFiles {

	private static final Pattern VERSIONED = Pattern.compile("V(\\d+)(?:[._]\\d+)*__.*\\.sql");

	static final List<String> VENDORS = List.of("sqlite", "mysql");

	private final Path dir;

	private final List<String> locations;

	/**
	 * @param outputDir {@code rowlift.infer.output-dir}, or null
	 * @param locations {@code spring.flyway.locations}, comma-separated
	 * @throws RowliftException (exit 2) when there is no output folder to write to
	 */
	MigrationFiles(Path outputDir, String locations) {
		this.locations = locations == null ? List.of()
				: Stream.of(locations.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
		this.dir = outputDir != null ? outputDir : defaultDir(this.locations);
	}

	private static Path defaultDir(List<String> locations) {
		for (String location : locations) {
			String path = location.startsWith("filesystem:") ? location.substring("filesystem:".length()) : null;
			if (path != null && path.endsWith("{vendor}")) {
				String base = path.substring(0, path.length() - "{vendor}".length());
				return Path.of(base.isEmpty() ? "." : base);
			}
		}
		throw RowliftException.badInput("no folder to write the migrations to: spring.flyway.locations (" + String.join(",", locations)
				+ ") has no filesystem: location ending in {vendor}; set rowlift.infer.output-dir=DIR (the files go to DIR/sqlite and DIR/mysql)");
	}

	Path dir() {
		return this.dir;
	}

	/** The version the new migrations get: one more than the highest there is. */
	int nextVersion() throws IOException {
		int highest = 0;
		for (String vendor : VENDORS) {
			highest = Math.max(highest, highestIn(this.dir.resolve(vendor)));
			for (String location : this.locations) {
				String resolved = location.replace("{vendor}", vendor);
				if (resolved.startsWith("classpath:")) {
					highest = Math.max(highest, highestOnClasspath(resolved.substring("classpath:".length())));
				}
				else {
					highest = Math.max(highest,
							highestIn(Path.of(resolved.startsWith("filesystem:") ? resolved.substring("filesystem:".length()) : resolved)));
				}
			}
		}
		return highest + 1;
	}

	/** The file of {@code vendor}'s migration version {@code version} for {@code table}. */
	Path file(String vendor, int version, String table) {
		return this.dir.resolve(vendor).resolve("V" + version + "__create_" + ColumnNames.fileSafe(table) + ".sql");
	}

	/**
	 * The migrations Rowlift wrote of {@code table} in the output folder ({@code V<n>__create_T.sql}, either
	 * vendor), oldest version first: empty when there is none.
	 */
	List<Path> written(String table) throws IOException {
		Pattern name = Pattern.compile("V\\d+__create_" + Pattern.quote(ColumnNames.fileSafe(table)) + "\\.sql");
		List<Path> found = new ArrayList<>();
		for (String vendor : VENDORS) {
			Path folder = this.dir.resolve(vendor);
			if (Files.isDirectory(folder)) {
				try (Stream<Path> files = Files.list(folder)) {
					files.filter(f -> name.matcher(f.getFileName().toString()).matches()).forEach(found::add);
				}
			}
		}
		found.sort(java.util.Comparator.comparingInt((Path f) -> version(f.getFileName().toString())).thenComparing(Path::toString));
		return found;
	}

	/** Writes {@code sql} to {@link #file}, creating its folder; never over an existing file. */
	Path write(String vendor, int version, String table, String sql) throws IOException {
		Path file = file(vendor, version, table);
		Files.createDirectories(file.getParent());
		Files.writeString(file, sql, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE_NEW);
		return file;
	}

	static int version(String fileName) {
		Matcher m = VERSIONED.matcher(fileName);
		return m.matches() ? Integer.parseInt(m.group(1)) : 0;
	}

	private static int highestIn(Path folder) throws IOException {
		if (!Files.isDirectory(folder)) {
			return 0;
		}
		try (Stream<Path> files = Files.walk(folder)) { // Flyway reads sub-folders too
			return files.mapToInt(f -> version(f.getFileName().toString())).max().orElse(0);
		}
	}

	private static int highestOnClasspath(String path) throws IOException {
		String base = path.startsWith("/") ? path.substring(1) : path;
		Resource[] found = new PathMatchingResourcePatternResolver(MigrationFiles.class.getClassLoader())
			.getResources("classpath*:" + base + (base.endsWith("/") ? "" : "/") + "**/V*.sql");
		int highest = 0;
		List<String> names = new ArrayList<>();
		for (Resource r : found) {
			if (r.getFilename() != null) {
				names.add(r.getFilename());
				highest = Math.max(highest, version(r.getFilename()));
			}
		}
		return highest;
	}

}
