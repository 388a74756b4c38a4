package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import com.github.luben.zstd.ZstdOutputStream;

import io.rowlift.RowliftException;

/** {@code rowlift.source.compression} and the decompressed bytes' positional reads. */
class CompressionTests {

	@TempDir
	Path dir;

	@Test
	void autoGoesByTheFileNameAndASettingOverridesIt() {
		assertThat(Compression.of(Path.of("a.csv.gz"), "auto")).isEqualTo(Compression.GZIP);
		assertThat(Compression.of(Path.of("a.CSV.GZ"), null)).isEqualTo(Compression.GZIP);
		assertThat(Compression.of(Path.of("a.csv.zst"), "auto")).isEqualTo(Compression.ZSTD);
		assertThat(Compression.of(Path.of("a.csv"), "auto")).isEqualTo(Compression.NONE);
		assertThat(Compression.of(Path.of("a.csv"), "zstd")).isEqualTo(Compression.ZSTD);
		assertThat(Compression.of(Path.of("a.csv.gz"), "none")).isEqualTo(Compression.NONE);
		assertThat(Compression.baseName(Path.of("events.jsonl.gz"))).isEqualTo("events.jsonl");
		assertThat(Compression.baseName(Path.of("events.jsonl"))).isEqualTo("events.jsonl");
	}

	@Test
	void anUnknownSettingIsExit2NamingTheKeyAndTheValues() {
		assertThatThrownBy(() -> Compression.check("lz4"))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessageContaining("rowlift.source.compression")
			.hasMessageContaining("lz4")
			.hasMessageContaining("gzip, zstd or none");
	}

	/** Forward reads, a skip ahead and a read behind (the stream starts again) give the plain bytes. */
	@ParameterizedTest
	@EnumSource(Compression.class)
	void positionalReadsGiveThePlainBytesAnywhere(Compression compression) throws IOException {
		byte[] plain = new byte[3_000_000];
		new Random(5).nextBytes(plain);
		for (int i = 0; i < plain.length; i += 3) {
			plain[i] = 'a'; // compressible
		}
		Path file = write(plain, compression);
		try (InputBytes bytes = compression.open(file, "f")) {
			for (long at : new long[] { 0, 10, 1_000_000, 17, 2_999_990, 5 }) {
				ByteBuffer buffer = ByteBuffer.allocate(4096);
				int n = 0;
				while (buffer.hasRemaining()) {
					int r = bytes.read(buffer, at + buffer.position());
					if (r < 0) {
						break;
					}
					n += r;
				}
				int want = (int) Math.min(4096, plain.length - at);
				assertThat(n).as("at " + at).isEqualTo(want);
				assertThat(Arrays.copyOf(buffer.array(), n)).isEqualTo(Arrays.copyOfRange(plain, (int) at, (int) at + want));
			}
			assertThat(bytes.read(ByteBuffer.allocate(10), plain.length)).isEqualTo(-1);
			assertThat(bytes.compressedRead()).isEqualTo(compression.compressed() ? Files.size(file) : -1);
		}
	}

	@Test
	void aTruncatedGzipNamesTheFileTheExactCompressedByteAndTheUncompressedOne() throws IOException {
		byte[] plain = new byte[1_000_000];
		new Random(1).nextBytes(plain);
		Path file = write(plain, Compression.GZIP);
		byte[] whole = Files.readAllBytes(file);
		Files.write(file, Arrays.copyOf(whole, whole.length / 2));
		try (InputBytes bytes = Compression.GZIP.open(file, "people.csv.gz")) {
			ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
			long at = 0;
			long[] reached = new long[1];
			assertThatThrownBy(() -> {
				long p = at;
				while (true) {
					buffer.clear();
					int n = bytes.read(buffer, p);
					if (n < 0) {
						break;
					}
					p += n;
					reached[0] = p;
				}
			}).isInstanceOfSatisfying(DamagedArchiveException.class, ex -> {
				assertThat(ex.compressedOffset()).isEqualTo(whole.length / 2);
				assertThat(ex.uncompressedOffset()).isEqualTo(reached[0]);
			}).hasMessageStartingWith("people.csv.gz: the gzip data breaks at compressed byte " + whole.length / 2
					+ " (uncompressed byte ")
				.hasMessageContaining("Unexpected end of ZLIB input stream; the file is truncated or corrupt: check it with 'gzip -t people.csv.gz' and load an intact copy");
		}
	}

	private Path write(byte[] plain, Compression compression) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (OutputStream stream = switch (compression) {
			case GZIP -> new GZIPOutputStream(out);
			case ZSTD -> new ZstdOutputStream(out);
			case NONE -> out;
		}) {
			stream.write(plain);
		}
		return Files.write(this.dir.resolve("data." + compression.setting()), out.toByteArray());
	}

}
