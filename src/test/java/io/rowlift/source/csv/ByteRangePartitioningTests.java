package io.rowlift.source.csv;

import io.rowlift.source.ByteRange;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.testsupport.Reads;
import io.rowlift.testsupport.ReferenceCsv;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The partitioning contract at reader level: for any RFC 4180 file (quoted line breaks, doubled
 * quotes, delimiters inside quotes, multi-byte characters, a BOM, empty fields, CRLF, no final line
 * end) and any partition count, the partitions' records, in order, are exactly one sequential read,
 * each record once, and equal an independent reference parse.
 */
class ByteRangePartitioningTests {

	@Property(tries = 150)
	void partitionsTogetherReadEveryRecordExactlyOnce(@ForAll("files") String content,
			@ForAll @IntRange(min = 1, max = 32) int partitions) throws Exception {
		Path file = Files.createTempFile("rowlift-partitioning", ".csv");
		try {
			Files.writeString(file, content, StandardCharsets.UTF_8);
			String withoutBom = content.startsWith("\uFEFF") ? content.substring(1) : content;
			CsvHeader header = CsvHeader.read(file, "t.csv", CsvFormat.RFC4180);
			ByteRangePartitioner partitioner = new ByteRangePartitioner(file, header.format(), header.dataStart(), header.dataStartLine(), 2);

			List<List<String>> union = new ArrayList<>();
			List<ByteRange> ranges = partitioner.ranges(partitions);
			for (ByteRange range : ranges) {
				union.addAll(Reads.range(file, CsvFormat.RFC4180, range));
			}
			List<List<String>> sequential = Reads.range(file, CsvFormat.RFC4180, partitioner.ranges(1).get(0));
			List<List<String>> reference = ReferenceCsv.parseMarked(withoutBom);

			assertThat(ranges).hasSize(partitions);
			assertThat(ranges.get(0).start()).isEqualTo(header.dataStart());
			assertThat(ranges.get(partitions - 1).end()).isEqualTo(Files.size(file));
			for (int i = 1; i < partitions; i++) {
				assertThat(ranges.get(i).start()).isEqualTo(ranges.get(i - 1).end());
			}
			assertThat(union).isEqualTo(sequential);
			assertThat(sequential).isEqualTo(reference.subList(1, reference.size()));
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

	@Provide
	Arbitrary<String> files() {
		Arbitrary<String> plain = Arbitraries.strings().withChars("abcxyz019 .-é€中").ofMinLength(0).ofMaxLength(12);
		Arbitrary<String> quoted = Arbitraries.oneOf(Arbitraries.strings().withChars("ab ,\"é\n"), Arbitraries.of("\r\n", "𝄞", "\n\n", "\"\n,"))
			.list()
			.ofMaxSize(4)
			.map(parts -> "\"" + String.join("", parts).replace("\"", "\"\"") + "\"");
		Arbitrary<String> field = Arbitraries.oneOf(plain, plain, quoted);
		Arbitrary<Integer> width = Arbitraries.integers().between(1, 5);
		return Combinators.combine(width, Arbitraries.integers().between(0, 60), Arbitraries.of("\n", "\r\n"),
				Arbitraries.of(true, false), field.list().ofSize(5 * 61), Arbitraries.of("", "\uFEFF"))
			.as((columns, rows, newline, finalNewline, fields, bom) -> {
				StringBuilder sb = new StringBuilder(bom);
				for (int c = 0; c < columns; c++) {
					sb.append(c == 0 ? "" : ",").append("h").append(c);
				}
				int next = 0;
				for (int r = 0; r < rows; r++) {
					sb.append(newline);
					for (int c = 0; c < columns; c++) {
						String value = fields.get(next++ % fields.size());
						if (columns == 1 && value.isEmpty()) {
							value = "\"\""; // a lone empty field would be an empty line
						}
						sb.append(c == 0 ? "" : ",").append(value);
					}
				}
				if (finalNewline) {
					sb.append(newline);
				}
				return sb.toString();
			});
	}

}
