#!/usr/bin/env bash
# The same rows as plain CSV, gzip, zstd and JSON Lines, loaded by Rowlift beside one anchor run (bench/run.sh
# variants: one sitting, the same table checked equal to the anchor's each time), plus the anchors a user of
# a compressed file would reach for: `zcat FILE.gz | sqlite3 .import /dev/stdin` (SQLite) and LOAD DATA of the
# decompressed file (MySQL, run.sh's own anchor).
#
#   bench/inputs.sh SHAPE ROWS [TARGETS] [FORMS]
#     FORMS  comma-separated, default csv,gzip,zstd,jsonl
#   e.g. bench/inputs.sh wide 2000000 sqlite
#
# gzip at its default level (6), zstd at its default level (3) with -T0; JSON Lines from bench/csv2jsonl.py
# (every value a JSON string, an empty field a missing key). The compressed and JSON files are made once,
# outside the timing, next to the CSV in ${TMPDIR:-/tmp}/rowlift-bench. Run from the project's root after
# `mvn -B -DskipTests package test-compile`.
set -euo pipefail
shape=${1:?shape}; rows=${2:?rows}; targets=${3:-sqlite,mysql}; forms=${4:-csv,gzip,zstd,jsonl}
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-bench; mkdir -p "$work"
jar=$root/target/rowlift.jar
csv=$work/$shape-$rows.csv
[[ -s $csv ]] || java -cp target/test-classes io.rowlift.testsupport.GenCsv "$shape" "$rows" > "$csv"
variants=()
for form in ${forms//,/ }; do
    case $form in
        csv) variants+=("csv $jar") ;;
        gzip) [[ -s $csv.gz ]] || gzip -c "$csv" > "$csv.gz"
              variants+=("gzip $jar --rowlift.source.path=$csv.gz") ;;
        zstd) [[ -s $csv.zst ]] || zstd -q -T0 -c "$csv" > "$csv.zst"
              variants+=("zstd $jar --rowlift.source.path=$csv.zst") ;;
        jsonl) [[ -s ${csv%.csv}.jsonl ]] || python3 bench/csv2jsonl.py "$csv" "${csv%.csv}.jsonl"
               variants+=("jsonl $jar --rowlift.source.path=${csv%.csv}.jsonl") ;;
        *) echo "unknown form $form (csv, gzip, zstd, jsonl)"; exit 2 ;;
    esac
done
{ ls -l "$csv"* "${csv%.csv}.jsonl" 2>/dev/null || true; } | awk '{printf "  %-60s %8.1f MB\n", $9, $5 / 1000000}'
ROWLIFT_VARIANTS=$(IFS=';'; echo "${variants[*]}") bench/run.sh "$shape" "$rows" "$targets"
if [[ $targets == *sqlite* && $forms == *gzip* && $shape != keys && $shape != ints ]]; then
    # the pipe a sqlite3 user writes for a .gz: one process decompresses, the CLI imports (same DDL and indexes as
    # run.sh's anchor: the table first, the secondary indexes after)
    migrations=$root/src/test/resources/db/migration/sqlite/V1__bench_tables.sql; table=$shape
    ddl=$(sed -n "/^CREATE TABLE $table /,/;/p" "$migrations" | tr '\n' ' ')
    indexes=$(grep -E "^CREATE (UNIQUE )?INDEX .* ON $table " "$migrations" | tr '\n' ' ' || true)
    rm -f "$work/zcat.db"*; sync
    start=$(date +%s.%N)
    zcat "$csv.gz" | sqlite3 "$work/zcat.db" "PRAGMA journal_mode=OFF;" "PRAGMA synchronous=OFF;" "$ddl" \
        ".import --csv --skip 1 /dev/stdin $table" "$indexes" > /dev/null
    printf "  %-28s %8.2f s\n" "zcat | sqlite3 .import" "$(echo "$(date +%s.%N) - $start" | bc -l)"
fi
