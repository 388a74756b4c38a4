package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import com.github.luben.zstd.ZstdOutputStream;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Files of several gzip members or zstd frames (issue #21, item 2): the decompressor learns where each starts,
 * and a read opened at a saved start ({@link FrameStart}) gives the same bytes as one from the file's start
 * without reading the file before it; damage after such a start names the file's and the data's own offsets.
 */
class FramedResumeTests {

	@TempDir
	Path dir;

	/** A file of {@code parts} compressed one after the other, and where each starts. */
	record Framed(Path file, byte[] plain, List<FrameStart> starts) {

		/** The start of the member or frame that holds uncompressed byte {@code at}. */
		FrameStart holding(long at) {
			FrameStart found = null;
			for (FrameStart start : this.starts) {
				if (start.uncompressed() <= at) {
					found = start;
				}
			}
			return found;
		}

	}

	static Framed framed(Path file, Compression compression, byte[] plain, int[] cuts) {
		try {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			List<FrameStart> starts = new ArrayList<>();
			int from = 0;
			for (int i = 0; i <= cuts.length; i++) {
				int to = i < cuts.length ? cuts[i] : plain.length;
				starts.add(new FrameStart(out.size(), from));
				try (OutputStream stream = compression == Compression.GZIP ? new GZIPOutputStream(out)
						: new ZstdOutputStream(out).setChecksum(true)) {
					stream.write(plain, from, to - from);
				}
				from = to;
			}
			return new Framed(Files.write(file, out.toByteArray()), plain, starts);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static byte[] data(int size, long seed) {
		byte[] plain = new byte[size];
		new Random(seed).nextBytes(plain);
		for (int i = 0; i < plain.length; i += 2) {
			plain[i] = (byte) ('a' + i % 7); // compressible
		}
		return plain;
	}

	/** Reads {@code bytes} from {@code at} to the end. */
	static byte[] readFrom(InputBytes bytes, long at) throws IOException {
		ByteArrayOutputStream all = new ByteArrayOutputStream();
		ByteBuffer buffer = ByteBuffer.allocate(50_000);
		long p = at;
		for (int n; (n = bytes.read(buffer.clear(), p)) >= 0;) {
			all.write(buffer.array(), 0, n);
			p += n;
		}
		return all.toByteArray();
	}

	@ParameterizedTest
	@EnumSource(value = Compression.class, names = { "GZIP", "ZSTD" })
	void theStartsPassedAreTheMembersOrFramesStartsAndTheOneAtOrBeforeAnOffsetIsFound(Compression compression) throws IOException {
		Framed framed = framed(this.dir.resolve("f"), compression, data(2_000_000, 1), new int[] { 300_000, 900_000, 1_500_000 });
		try (InputBytes bytes = compression.open(framed.file(), "f")) {
			assertThat(readFrom(bytes, 0)).isEqualTo(framed.plain());
			assertThat(bytes.frameStart(10)).isEqualTo(framed.starts().get(0));
			assertThat(bytes.frameStart(899_999)).isEqualTo(framed.starts().get(1));
			assertThat(bytes.frameStart(900_000)).isEqualTo(framed.starts().get(2));
			assertThat(bytes.frameStart(1_999_999)).isEqualTo(framed.starts().get(3));
			assertThat(bytes.compressedRead()).isEqualTo(Files.size(framed.file()));
		}
	}

	/**
	 * Opened at a saved start, the file before it is not read: the bytes there destroyed, the rest still reads,
	 * the same as from the file's start; progress (compressed bytes read) counts from the file's start.
	 */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = { "GZIP", "ZSTD" })
	void openedAtASavedStartTheFileBeforeItIsNotReadAndTheBytesAreTheSame(Compression compression) throws IOException {
		Framed framed = framed(this.dir.resolve("f"), compression, data(2_000_000, 2), new int[] { 300_000, 900_000, 1_500_000 });
		FrameStart third = framed.starts().get(2);
		byte[] file = Files.readAllBytes(framed.file());
		Arrays.fill(file, 0, (int) third.compressed(), (byte) 0); // only a read from the third member on can succeed
		Files.write(framed.file(), file);
		long at = 1_234_567;
		try (InputBytes bytes = compression.open(framed.file(), "f", third)) {
			ByteBuffer first = ByteBuffer.allocate(100);
			assertThat(bytes.read(first, at)).isPositive();
			assertThat(bytes.compressedRead()).as("absolute: from the file's start").isGreaterThan(third.compressed())
				.isLessThanOrEqualTo(framed.starts().get(3).compressed() + (1 << 17));
			assertThat(readFrom(bytes, at)).isEqualTo(Arrays.copyOfRange(framed.plain(), (int) at, framed.plain().length));
			assertThat(bytes.compressedRead()).isEqualTo(file.length);
			assertThat(bytes.frameStart(1_600_000)).isEqualTo(framed.starts().get(3));
		}
	}

	/** A saved start where no member or frame starts (the file changed) is not used: the file is read from its start. */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = { "GZIP", "ZSTD" })
	void aSavedStartThatIsNoneIsNotUsed(Compression compression) throws IOException {
		Framed framed = framed(this.dir.resolve("f"), compression, data(1_000_000, 3), new int[] { 400_000 });
		FrameStart wrong = new FrameStart(framed.starts().get(1).compressed() + 5, 400_000);
		try (InputBytes bytes = compression.open(framed.file(), "f", wrong)) {
			assertThat(readFrom(bytes, 500_000)).isEqualTo(Arrays.copyOfRange(framed.plain(), 500_000, 1_000_000));
		}
		FrameStart after = new FrameStart(framed.starts().get(1).compressed(), 400_000);
		try (InputBytes bytes = compression.open(framed.file(), "f", after)) {
			assertThat(readFrom(bytes, 100)).as("a start after the position is not used")
				.isEqualTo(Arrays.copyOfRange(framed.plain(), 100, 1_000_000));
		}
	}

	/** A file of one member or frame: the start saved is the file's, a resume reads it from its start as before. */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = { "GZIP", "ZSTD" })
	void aFileOfOneMemberOrFrameHasOnlyTheFileStart(Compression compression) throws IOException {
		Framed framed = framed(this.dir.resolve("f"), compression, data(1_000_000, 4), new int[0]);
		try (InputBytes bytes = compression.open(framed.file(), "f")) {
			assertThat(readFrom(bytes, 0)).isEqualTo(framed.plain());
			assertThat(bytes.frameStart(999_999)).isEqualTo(FrameStart.FILE_START);
		}
	}

	/** Truncated after a resume's start: the message names the file's end and the data's offset reached, not relative ones. */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = { "GZIP", "ZSTD" })
	void damageAfterASavedStartNamesTheFilesAndTheDatasOwnOffsets(Compression compression) throws IOException {
		byte[] plain = new byte[2_000_000];
		new Random(6).nextBytes(plain); // incompressible: the truncated member gives bytes up to near its cut
		Framed framed = framed(this.dir.resolve("f"), compression, plain, new int[] { 500_000, 1_000_000, 1_500_000 });
		byte[] whole = Files.readAllBytes(framed.file());
		FrameStart last = framed.starts().get(3);
		int cut = (int) (last.compressed() + (whole.length - last.compressed()) / 2);
		Files.write(framed.file(), Arrays.copyOf(whole, cut));
		FrameStart third = framed.starts().get(2);
		try (InputBytes bytes = compression.open(framed.file(), "data.csv." + compression.setting(), third)) {
			long[] reached = { 1_100_000 };
			assertThatThrownBy(() -> {
				ByteBuffer buffer = ByteBuffer.allocate(10_000);
				for (int n; (n = bytes.read(buffer.clear(), reached[0])) >= 0;) {
					reached[0] += n;
				}
			}).isInstanceOfSatisfying(DamagedArchiveException.class, ex -> {
				assertThat(ex.compressedOffset()).as("the file's end").isEqualTo(cut);
				assertThat(ex.uncompressedOffset()).isEqualTo(reached[0]).isGreaterThan(1_500_000);
				assertThat(Arrays.copyOfRange(plain, 1_100_000, (int) reached[0])).as("the bytes given were right").isNotEmpty();
			}).hasMessageStartingWith("data.csv." + compression.setting() + ": the " + compression.setting()
					+ " data breaks at compressed byte " + cut + " (uncompressed byte ")
				.hasMessageContaining(compression == Compression.GZIP ? "Unexpected end of ZLIB input stream" : "Truncated source");
		}
	}

	/** A corrupt member after a resume's start: the compressed byte named is at or after the damage, in the file's offsets. */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = { "GZIP", "ZSTD" })
	void corruptionAfterASavedStartIsNamedInTheFilesOffsets(Compression compression) throws IOException {
		Framed framed = framed(this.dir.resolve("f"), compression, data(2_000_000, 7), new int[] { 500_000, 1_000_000, 1_500_000 });
		byte[] file = Files.readAllBytes(framed.file());
		int damage = (int) framed.starts().get(3).compressed();
		Arrays.fill(file, damage, damage + 4, (byte) 0x11); // the last member's or frame's magic number
		Files.write(framed.file(), file);
		try (InputBytes bytes = compression.open(framed.file(), "f", framed.starts().get(2))) {
			if (compression == Compression.GZIP) { // as gzip -d and the JDK: what follows the last member and is none is ignored
				assertThat(readFrom(bytes, 1_200_000)).isEqualTo(Arrays.copyOfRange(framed.plain(), 1_200_000, 1_500_000));
				return;
			}
			assertThatThrownBy(() -> readFrom(bytes, 1_200_000)).isInstanceOfSatisfying(DamagedArchiveException.class, ex -> {
				assertThat(ex.compressedOffset()).isEqualTo(damage);
				assertThat(ex.uncompressedOffset()).isEqualTo(1_500_000);
			}).hasMessageContaining("Unknown frame descriptor");
		}
	}

	/** Skippable zstd frames between data frames are passed over, and a start at one is a start. */
	@org.junit.jupiter.api.Test
	void skippableZstdFramesArePassedOver() throws IOException {
		Framed framed = framed(this.dir.resolve("f"), Compression.ZSTD, data(600_000, 8), new int[] { 200_000 });
		byte[] file = Files.readAllBytes(framed.file());
		int second = (int) framed.starts().get(1).compressed();
		byte[] skippable = { 0x5a, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 9, 9, 9 };
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		out.write(file, 0, second);
		out.write(skippable);
		out.write(file, second, file.length - second);
		Files.write(framed.file(), out.toByteArray());
		try (InputBytes bytes = Compression.ZSTD.open(framed.file(), "f")) {
			assertThat(readFrom(bytes, 0)).isEqualTo(framed.plain());
			assertThat(bytes.frameStart(300_000).compressed()).isIn((long) second, (long) second + skippable.length);
		}
		try (InputBytes bytes = Compression.ZSTD.open(framed.file(), "f", new FrameStart(second, 200_000))) {
			assertThat(readFrom(bytes, 250_000)).isEqualTo(Arrays.copyOfRange(framed.plain(), 250_000, 600_000));
		}
	}

	/**
	 * Random data cut into random members or frames, read from a random offset: from the start the reader finds
	 * the start that holds it, and opened there it gives the same bytes as a plain read.
	 */
	@Property(tries = 60)
	void fromAnyOffsetTheSavedStartGivesTheSameBytesAsAPlainRead(@ForAll boolean zstd, @ForAll @IntRange(min = 1, max = 400_000) int size,
			@ForAll @IntRange(min = 0, max = 12) int cutCount, @ForAll long seed) throws IOException {
		Random random = new Random(seed);
		Compression compression = zstd ? Compression.ZSTD : Compression.GZIP;
		int[] cuts = random.ints(cutCount, 1, size + 1).sorted().distinct().toArray();
		byte[] plain = data(size, seed);
		Path file = Files.createTempFile("framed", compression.setting());
		try {
			Framed framed = framed(file, compression, plain, cuts);
			long at = random.nextInt(size);
			FrameStart saved;
			try (InputBytes bytes = compression.open(file, "f")) {
				ByteBuffer buffer = ByteBuffer.allocate(1 + random.nextInt(70_000));
				long p = 0;
				for (int n; p <= at && (n = bytes.read(buffer.clear(), p)) >= 0;) {
					p += n;
				}
				saved = bytes.frameStart(at);
			}
			assertThat(saved).as("cuts " + Arrays.toString(cuts) + ", at " + at).isEqualTo(framed.holding(at));
			try (InputBytes bytes = compression.open(file, "f", saved)) {
				assertThat(readFrom(bytes, at)).isEqualTo(Arrays.copyOfRange(plain, (int) at, size));
			}
		}
		finally {
			Files.delete(file);
		}
	}

}
