#!/usr/bin/env bash
# Each load mode's time next to append's, on one generated file, in one run, into SQLite and MySQL.
#
#   bench/modes.sh SHAPE ROWS [TARGETS] [-- ROWLIFT OPTIONS...]
#     SHAPE    ints | wide | docs | keys     TARGETS  sqlite,mysql (default both)
#   e.g. bench/modes.sh ints 3000000
#   ROUNDS (default 2): how many times the whole sequence runs; ROWLIFT_LAUNCH=bin (default) or jar,
#   JAVA_OPTS as for bench/run.sh.
#
# Per round and target, on a fresh database with the shape's table and its indexes (made outside the
# timing, as bench/run.sh makes them): append into the empty table, then, each into the table that
# now holds the file's rows, truncate, replace, upsert (every row matches an existing key: all
# updated) and ignore (all skipped), each with rowlift.job.reload=true. After each run the table must
# hold exactly the file's rows (count and CRC32 sum against the append's), and the run's summary line
# (its accounting) is printed. What is timed is the whole command, JVM start included.
# Run from the project's root after `mvn -B -DskipTests package test-compile`.
set -euo pipefail
shape=${1:?shape}; rows=${2:?rows}; shift 2
targets=sqlite,mysql
if [[ $# -gt 0 && $1 != -- ]]; then targets=$1; shift; fi
[[ ${1:-} == -- ]] && shift
options=("$@")
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-bench; mkdir -p "$work"
jar=$root/target/rowlift.jar; migrations=$root/src/test/resources/db/migration
[[ -f $jar && -d target/test-classes ]] || { echo "run mvn -B -DskipTests package test-compile first"; exit 2; }
table=$shape; [[ $shape == keys ]] && table=tokens
csv=$work/$shape-$rows.csv
[[ -s $csv ]] || java -cp target/test-classes io.rowlift.testsupport.GenCsv "$shape" "$rows" > "$csv"
bytes=$(stat -c %s "$csv")
cols=$(head -1 "$csv" | tr -d '\r')
read -r -a jvm <<<"${JAVA_OPTS:-}"
if [[ ${ROWLIFT_LAUNCH:-bin} == bin ]]; then
    rowlift=(env ROWLIFT_JAR="$jar" "$root/bin/rowlift")
    "${rowlift[@]}" --rowlift.source.path=/nonexistent >/dev/null 2>&1 || true # unpack + train, untimed
else
    rowlift=(java "${jvm[@]}" -jar "$jar")
fi
my() { mariadb -h 127.0.0.1 -P 3306 -u root "$@"; }
settle() {
    sync
    if [[ ${1:-} == mysql ]]; then
        for _ in $(seq 1 60); do
            [[ $(my -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | cut -f2) -lt 64 ]] && break
            sleep 1
        done
        sync
    fi
}
modes=(append truncate replace upsert ignore)
declare -A total
echo "modes, $shape: $rows rows, $(echo "$bytes / 1000000" | bc) MB; $(nproc) cores; commit $(git rev-parse --short HEAD); launcher ${ROWLIFT_LAUNCH:-bin} ${JAVA_OPTS:-}; rounds ${ROUNDS:-2}; options: ${options[*]:-(defaults)}"
for target in ${targets//,/ }; do
    for round in $(seq 1 "${ROUNDS:-2}"); do
        if [[ $target == sqlite ]]; then
            rm -f "$work"/modes.db*
            sqlite3 "$work/modes.db" "$(sed -n "/^CREATE TABLE $table /,/;/p" "$migrations/sqlite/V1__bench_tables.sql")" \
                "$(grep -E "^CREATE (UNIQUE )?INDEX .* ON $table " "$migrations/sqlite/V1__bench_tables.sql")"
            db=(--spring.datasource.url="jdbc:sqlite:$work/modes.db")
            digest() { sqlite3 -csv "$work/modes.db" "SELECT $cols FROM $table ORDER BY $cols" | md5sum | cut -d' ' -f1; }
        else
            my -e "DROP DATABASE IF EXISTS rowlift_bench_modes; CREATE DATABASE rowlift_bench_modes"
            my rowlift_bench_modes -e "$(sed -n "/^CREATE TABLE $table /,/;/p" "$migrations/mysql/V1__bench_tables.sql")"
            db=(--spring.profiles.active=mysql --spring.datasource.url=jdbc:mysql://127.0.0.1:3306/rowlift_bench_modes
                --spring.datasource.username=root --spring.datasource.password=)
            digest() { my -N rowlift_bench_modes -e "SELECT COUNT(*), SUM(CRC32(CONCAT_WS('|', $cols))) FROM $table"; }
        fi
        expected=""
        for mode in "${modes[@]}"; do
            settle "$target"
            log=$work/modes-$target-$mode.log
            /usr/bin/time -f "%e %M" -o "$work/time.txt" "${rowlift[@]}" "${db[@]}" --spring.flyway.enabled=false \
                --rowlift.source.path="$csv" --rowlift.target.table="$table" --rowlift.target.mode="$mode" \
                --rowlift.job.reload=true "${options[@]}" > "$log" 2>&1 && rc=0 || rc=$?
            read -r s kb < <(tail -1 "$work/time.txt")
            [[ $rc == 0 ]] || { echo "$target $mode failed (exit $rc)"; tail -5 "$log"; exit 1; }
            d=$(digest); [[ -z $expected ]] && expected=$d
            check=$([[ $d == "$expected" ]] && echo "table = the file's rows" || echo "TABLE DIFFERS: $d vs $expected")
            total[$target-$mode]=$(echo "${total[$target-$mode]:-0} + $s" | bc -l)
            printf "  %-6s round %d %-9s %8.2f s %8.0f MB RSS  (%s)\n" "$target" "$round" "$mode" "$s" "$(echo "$kb / 1024" | bc -l)" "$check"
            echo "    $(grep '^rowlift: run' "$log" | tail -1 | sed 's/.*; read /read /')"
        done
    done
    for mode in "${modes[@]}"; do
        printf "  %-6s %-9s mean %8.2f s   ratio to append %5.2f\n" "$target" "$mode" \
            "$(echo "${total[$target-$mode]} / ${ROUNDS:-2}" | bc -l)" "$(echo "${total[$target-$mode]} / ${total[$target-append]}" | bc -l)"
    done
done
