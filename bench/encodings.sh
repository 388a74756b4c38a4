#!/usr/bin/env bash
# What reading UTF-16 (and UTF-32) costs against UTF-8 (issue #21 item 5): the same rows of a shape, as UTF-8
# and converted with iconv, each loaded into a fresh SQLite file by the whole command (JVM start included),
# alternating A B A B ROUNDS times; prints each run's seconds and the medians.
#
#   bench/encodings.sh SHAPE ROWS [ROUNDS] [CHARSETS]     e.g. bench/encodings.sh wide 200000 3 UTF-16LE,UTF-32LE
#
# Run from the project's root after `mvn -B -o -DskipTests package test-compile`.
set -euo pipefail
shape=${1:?shape}; rows=${2:?rows}; rounds=${3:-3}; charsets=${4:-UTF-16LE}
table=$([[ $shape == keys ]] && echo tokens || echo "$shape")
work=${TMPDIR:-/tmp}/rowlift-encodings; mkdir -p "$work"
java -cp target/test-classes io.rowlift.testsupport.GenCsv "$shape" "$rows" > "$work/utf8.csv"
files=("$work/utf8.csv")
for c in ${charsets//,/ }; do
	iconv -f UTF-8 -t "$c" "$work/utf8.csv" > "$work/$c.csv"
	files+=("$work/$c.csv")
done
declare -A times
for ((r = 1; r <= rounds; r++)); do
	for f in "${files[@]}"; do
		rm -f "$work"/db.sqlite*
		name=$(basename "$f" .csv)
		enc=(); [[ $name != utf8 ]] && enc=(--rowlift.source.encoding="$name")
		start=$(date +%s.%N)
		java -jar target/rowlift.jar --spring.datasource.url=jdbc:sqlite:"$work/db.sqlite" \
			--spring.flyway.locations=filesystem:src/test/resources/db/migration/{vendor} \
			--rowlift.source.path="$f" --rowlift.target.table="$table" --rowlift.report.progress=none "${enc[@]}" > "$work/$name.out"
		end=$(date +%s.%N)
		t=$(echo "$end - $start" | bc)
		times[$name]+="$t "
		printf '%-10s round %d  %6.2f s  %s\n' "$name" "$r" "$t" "$(grep -o 'read [0-9,]* = written [0-9,]*' "$work/$name.out" | head -1)"
	done
done
for f in "${files[@]}"; do
	name=$(basename "$f" .csv)
	median=$(echo "${times[$name]}" | tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	printf '%-10s %12d bytes  median %6.2f s\n' "$name" "$(stat -c %s "$f")" "$median"
done
