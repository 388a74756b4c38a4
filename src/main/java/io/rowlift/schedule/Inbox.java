package io.rowlift.schedule;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import io.rowlift.RowliftException;

/**
 * The inbox that {@code rowlift.source.path} names as a glob: its folder (the part before the last
 * {@code /}, no glob there) and the pattern of its file names. {@link #list} finds the regular files
 * the pattern matches, without the ones that are never input (see {@link #neverInput}), in the
 * configured order, the folders it matches (a folder of documents per delivery; not {@value #FAILED} nor
 * {@code loaded}), and the symbolic links it matches, marked as such (the service skips them, saying why).
 * Immutable; the folder is read anew on each call.
 */
final class Inbox {

	/** The folder a file moves to after its last failed attempt, inside the inbox. */
	static final String FAILED = "failed";

	private final Path folder;

	private final String glob;

	private final PathMatcher matcher;

	private Inbox(Path folder, String glob) {
		this.folder = folder;
		this.glob = glob;
		this.matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
	}

	/**
	 * @param path {@code rowlift.source.path}, such as {@code inbox/*.csv}
	 * @throws RowliftException exit 2 when it is missing or has a glob outside its file name
	 */
	static Inbox of(String path) {
		if (path == null || path.isBlank()) {
			throw RowliftException.badInput("rowlift.source.path is not set; in service mode it names the inbox's files as a glob, "
					+ "as in --rowlift.source.path=inbox/*.csv");
		}
		String normalized = path.replace('\\', '/');
		int slash = normalized.lastIndexOf('/');
		String folder = slash < 0 ? "." : slash == 0 ? "/" : normalized.substring(0, slash);
		String glob = normalized.substring(slash + 1);
		if (isGlob(folder)) {
			throw RowliftException.badInput("rowlift.source.path '" + path + "' has a glob in its folder; only the file name may be one, "
					+ "as in inbox/*.csv (the service watches one folder)");
		}
		if (glob.isEmpty()) {
			throw RowliftException.badInput("rowlift.source.path '" + path + "' names a folder; add the file name pattern, as in "
					+ path + (path.endsWith("/") ? "" : "/") + "*.csv");
		}
		return new Inbox(Path.of(folder).toAbsolutePath().normalize(), glob);
	}

	static boolean isGlob(String text) {
		return text.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
	}

	Path folder() {
		return this.folder;
	}

	/** The folder of files that failed too often. */
	Path failedFolder() {
		return this.folder.resolve(FAILED);
	}

	/** The default archive folder, {@code <inbox>/loaded}. */
	Path defaultArchive() {
		return this.folder.resolve("loaded");
	}

	/**
	 * Names that are never taken, whatever the pattern: hidden ({@code .name}, where copy tools such as
	 * rsync write before they rename), unfinished ({@code .tmp}, {@code .part}), and what Rowlift itself
	 * writes beside an input (reject files and their reasons, a failed file's reasons).
	 */
	static boolean neverInput(String name) {
		String lower = name.toLowerCase(Locale.ROOT);
		return name.startsWith(".") || lower.endsWith(".tmp") || lower.endsWith(".part") || lower.endsWith(".rejects.csv")
				|| lower.endsWith(".reasons.csv") || lower.endsWith(".reasons.txt");
	}

	/** Whether {@code name} is one of the inbox's files. */
	boolean matches(String name) {
		return !neverInput(name) && this.matcher.matches(Path.of(name));
	}

	/**
	 * The inbox's files in {@code order}.
	 * @throws IOException when the folder cannot be read (a missing folder included)
	 */
	List<Entry> list(ScheduleProperties.Order order) throws IOException {
		if (!Files.isDirectory(this.folder)) {
			throw new NoSuchFileException(this.folder.toString(), null, "the inbox folder is missing (rowlift.source.path '"
					+ this.folder.resolve(this.glob) + "')");
		}
		List<Entry> entries = new ArrayList<>();
		try (DirectoryStream<Path> stream = Files.newDirectoryStream(this.folder)) {
			for (Path file : stream) {
				String name = file.getFileName().toString();
				if (!matches(name)) {
					continue;
				}
				BasicFileAttributes attributes;
				try {
					attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
				}
				catch (NoSuchFileException gone) {
					continue; // taken by another service meanwhile
				}
				if (attributes.isRegularFile()) {
					entries.add(new Entry(file, new Settle.Sighting(attributes.size(), attributes.lastModifiedTime().toInstant())));
				}
				else if (attributes.isSymbolicLink()) { // the link's own size and time: a new link is a new sighting
					entries.add(new Entry(file, new Settle.Sighting(attributes.size(), attributes.lastModifiedTime().toInstant()), true));
				}
				else if (attributes.isDirectory() && !name.equals(FAILED) && !name.equals("loaded")) {
					Settle.Sighting folder = folderSighting(file, attributes);
					if (folder != null) {
						entries.add(new Entry(file, folder));
					}
				}
			}
		}
		return sorted(entries, order);
	}

	/**
	 * What a delivered folder (a folder of documents, one load) looks like: the total size of its files, and
	 * the newest modification time of the folder and its files (a file added, removed or written moves it). Its
	 * hidden files and subfolders are not counted, as the load does not read them.
	 * @return null when it is gone
	 */
	static Settle.Sighting folderSighting(Path folder, BasicFileAttributes attributes) throws IOException {
		long size = 0;
		java.time.Instant newest = attributes.lastModifiedTime().toInstant();
		try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
			for (Path file : stream) {
				if (file.getFileName().toString().startsWith(".")) {
					continue;
				}
				BasicFileAttributes one;
				try {
					one = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
				}
				catch (NoSuchFileException gone) {
					continue;
				}
				if (one.isRegularFile()) {
					size += one.size();
					java.time.Instant modified = one.lastModifiedTime().toInstant();
					newest = modified.isAfter(newest) ? modified : newest;
				}
			}
		}
		catch (NoSuchFileException gone) {
			return null;
		}
		return new Settle.Sighting(size, newest);
	}

	/** {@code entries} in {@code order}: by name, or oldest first and then by name. */
	static List<Entry> sorted(List<Entry> entries, ScheduleProperties.Order order) {
		Comparator<Entry> byName = Comparator.comparing(e -> e.file().getFileName().toString());
		Comparator<Entry> comparator = order == ScheduleProperties.Order.MODIFIED
				? Comparator.<Entry, java.time.Instant>comparing(e -> e.sighting().modified()).thenComparing(byName) : byName;
		List<Entry> sorted = new ArrayList<>(entries);
		sorted.sort(comparator);
		return sorted;
	}

	/** The number of files in {@code failed/}, reasons files not counted. */
	int failedFiles() {
		Path failed = failedFolder();
		if (!Files.isDirectory(failed)) {
			return 0;
		}
		int count = 0;
		try (DirectoryStream<Path> stream = Files.newDirectoryStream(failed)) {
			for (Path file : stream) {
				if (!neverInput(file.getFileName().toString()) && Files.isRegularFile(file)) {
					count++;
				}
			}
		}
		catch (IOException ex) {
			return 0;
		}
		return count;
	}

	/**
	 * A file found in the inbox.
	 *
	 * @param file its path
	 * @param sighting its size and modification time when it was listed
	 * @param link whether it is a symbolic link (never loaded: {@link #LINK})
	 */
	record Entry(Path file, Settle.Sighting sighting, boolean link) {

		Entry(Path file, Settle.Sighting sighting) {
			this(file, sighting, false);
		}

	}

	/** Why a symbolic link in the inbox is skipped. */
	static final String LINK = "it is a symbolic link; the service takes only files and folders delivered into the inbox itself "
			+ "(what a link points to can change or go while it loads, and the archive would get the link, not the data): "
			+ "move or copy the file itself into the inbox";

}
