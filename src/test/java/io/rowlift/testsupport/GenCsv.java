package io.rowlift.testsupport;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the benchmark shapes (ints, wide, docs, keys) byte for byte as the C generator
 * {@code gencsv} of the benchmark kit does: xorshift128+ seeded the same way, same fields, same
 * quoting. Same shape, rows and seed give the same file. Used by tests and the benchmark.
 */
public final class GenCsv {

	private static final byte[] ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
		.getBytes(StandardCharsets.US_ASCII);

	private static final byte[] PRINTABLE = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			+ "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ")
		.getBytes(StandardCharsets.US_ASCII);

	private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

	private long s0;

	private long s1;

	private GenCsv(long seed) {
		this.s0 = seed * 0x9E3779B97F4A7C15L + 1;
		this.s1 = seed ^ 0xD1B54A32D192ED03L;
		for (int i = 0; i < 16; i++) {
			next();
		}
	}

	private long next() {
		long a = this.s0;
		long b = this.s1;
		this.s0 = b;
		a ^= a << 23;
		this.s1 = a ^ b ^ (a >>> 17) ^ (b >>> 26);
		return this.s1 + b;
	}

	private long below(long n) {
		return Long.remainderUnsigned(next(), n);
	}

	/** Writes {@code rows} rows of {@code shape} to {@code file} (seed 42, as gencsv's default). */
	public static Path write(Path file, String shape, long rows) throws IOException {
		return write(file, shape, rows, 42);
	}

	public static Path write(Path file, String shape, long rows, long seed) throws IOException {
		try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
			new GenCsv(seed).write(out, shape, rows);
		}
		return file;
	}

	private void write(OutputStream out, String shape, long rows) throws IOException {
		final long maxv = 10_000_000_000_000_000L;
		switch (shape) {
			case "ints" -> {
				out.write("value_1,value_2\n".getBytes(StandardCharsets.US_ASCII));
				for (long r = 0; r < rows; r++) {
					// gencsv.c passes both calls to one printf; gcc evaluates them right to left
					long second = below(maxv + 1);
					long first = below(maxv + 1);
					ascii(out, first + "," + second + "\n");
				}
			}
			case "wide" -> {
				ascii(out, "id,number,value1,value2,value3,value4,value5,value6,value7,value8,value9,value10\n");
				for (long r = 1; r <= rows; r++) {
					ascii(out, r + "," + below(1_000_000_000_000L));
					for (int c = 0; c < 10; c++) {
						int n = (int) below(61);
						out.write(',');
						if (n == 0) {
							ascii(out, "\"\"");
						}
						for (int i = 0; i < n; i++) {
							out.write(ALNUM[(int) below(ALNUM.length)]);
						}
					}
					out.write('\n');
				}
			}
			case "docs" -> {
				ascii(out, "id,text,created_at\n");
				byte[] t = new byte[2001];
				for (long r = 1; r <= rows; r++) {
					int n = (int) below(2001);
					boolean quote = false;
					for (int i = 0; i < n; i++) {
						byte ch = PRINTABLE[(int) below(PRINTABLE.length)];
						t[i] = ch;
						quote |= ch == '"' || ch == ',';
					}
					ascii(out, r + ",");
					if (quote || n == 0) {
						out.write('"');
						for (int i = 0; i < n; i++) {
							if (t[i] == '"') {
								out.write('"');
							}
							out.write(t[i]);
						}
						out.write('"');
					}
					else {
						out.write(t, 0, n);
					}
					ascii(out, "," + (1_700_000_000L + below(100_000_000)) + "\n");
				}
			}
			case "keys" -> {
				ascii(out, "id,data\n");
				for (long r = 0; r < rows; r++) {
					for (int i = 0; i < 40; i++) {
						out.write(HEX[(int) below(16)]);
					}
					out.write(',');
					for (int i = 0; i < 64; i++) {
						out.write(HEX[(int) below(16)]);
					}
					out.write('\n');
				}
			}
			default -> throw new IllegalArgumentException("unknown shape " + shape);
		}
	}

	private static void ascii(OutputStream out, String s) throws IOException {
		out.write(s.getBytes(StandardCharsets.US_ASCII));
	}

	/** {@code java GenCsv SHAPE ROWS [SEED] > file}, like the C generator. */
	public static void main(String[] args) throws IOException {
		try (OutputStream out = new BufferedOutputStream(System.out, 1 << 16)) {
			new GenCsv(args.length > 2 ? Long.parseLong(args[2]) : 42).write(out, args[0], Long.parseLong(args[1]));
		}
	}

}
