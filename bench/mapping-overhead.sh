#!/usr/bin/env bash
# What computed columns and a row filter cost (issue #22): the `wide` shape of N rows loaded by the same jar
# plain and with five expressions and a filter that keeps about 99 % of the rows, into SQLite and into
# MySQL/MariaDB, each run timed whole (JVM start included), then the ratio mapped / plain.
#
#   bench/mapping-overhead.sh N [TARGETS] [-- ROWLIFT OPTIONS...]
#     TARGETS  sqlite,mysql (default both)
#   e.g. bench/mapping-overhead.sh 5000000
#        REPEAT=3 bench/mapping-overhead.sh 1000000 mysql -- --rowlift.job.pipeline=spring
#   REPEAT (default 1): runs of each variant, alternating plain and mapped; every time is printed.
#   JAVA_OPTS (default -Xmx1g) for Rowlift's JVM.
#
# Run from the project's root after `mvn -B -DskipTests package test-compile` (the generator, GenCsv, is a
# test class; bench/run.sh generates the same file). Needs sqlite3, the mariadb (or mysql) client and a
# MySQL-compatible server at 127.0.0.1:3306 (root, no password). Each run loads an empty table made
# beforehand from the benchmark migration (src/test/resources/db/migration, its indexes included; Flyway off),
# after `sync` (and on MySQL after the server's dirty pages are flushed). A mapped run must hold exactly the
# rows the filter keeps (counted with awk on the file) and say so in its summary ("+ filtered F").
set -euo pipefail
rows=${1:?rows}; shift
targets=sqlite,mysql
if [[ $# -gt 0 && $1 != -- ]]; then targets=$1; shift; fi
[[ ${1:-} == -- ]] && shift
options=("$@")
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-mapping-bench; mkdir -p "$work"
jar=$root/target/rowlift.jar; migrations=$root/src/test/resources/db/migration
[[ -f $jar && -d target/test-classes ]] || { echo "run mvn -B -DskipTests package test-compile first"; exit 2; }
read -r -a jvm <<<"${JAVA_OPTS:--Xmx1g}"
repeat=${REPEAT:-1}
csv=$work/wide-$rows.csv
[[ -s $csv ]] || java -cp target/test-classes io.rowlift.testsupport.GenCsv wide "$rows" > "$csv"
bytes=$(stat -c %s "$csv")
threshold=10000000000 # number is uniform in [0, 10^12): 99 % of the rows are at or above it
kept=$(awk -F, -v t=$threshold 'NR > 1 && $2 + 0 >= t { n++ } END { print n + 0 }' "$csv")
# five expressions (the columns' own fields left out, read by the expressions) and a filter
mapped=(--rowlift.source.ignore-columns=number,value1,value2,value3,value4
    "--rowlift.target.columns.number.expression=number(number) + 1"
    "--rowlift.target.columns.value1.expression=upper(value1)"
    "--rowlift.target.columns.value2.expression=lower(value2)"
    "--rowlift.target.columns.value3.expression=trim(value3)"
    "--rowlift.target.columns.value4.expression=substring(value4, 2, 40)"
    "--rowlift.source.filter=number(number) >= $threshold")
my() { mariadb -h 127.0.0.1 -P 3306 -u root "$@"; }
settle() { # untimed: the previous run's writes reach the disk first
    sync
    if [[ ${1:-} == mysql ]]; then
        for _ in $(seq 1 60); do
            [[ $(my -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | cut -f2) -lt 64 ]] && break
            sleep 1
        done
        sync
    fi
}
timed() { # timed LOG command... -> "seconds peakKB exit"
    local log=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" > "$log" 2>&1 && rc=0 || rc=$?
    echo "$(tail -1 "$work/time.txt") $rc"
}
echo "wide: $rows rows, $(echo "scale=1; $bytes / 1000000" | bc) MB, mapped keeps $kept; $(nproc) cores; commit $(git rev-parse --short HEAD); JVM ${jvm[*]}; options: ${options[*]:-(defaults)}"
echo "mapped: ${mapped[*]}"

commas() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }
summary() { grep '^rowlift: run ' "$1" | tail -1; } # the summary line of a run's log

load() { # load TARGET VARIANT -> prints the line, checks the rows; sets $seconds
    local target=$1 variant=$2 log=$work/$1-$2.log args=() expect=$rows count
    [[ $variant == mapped ]] && { args=("${mapped[@]}"); expect=$kept; }
    if [[ $target == sqlite ]]; then
        rm -f "$work"/rowlift.db*
        sqlite3 "$work/rowlift.db" "PRAGMA page_size=65536;" "$(sed -n "/^CREATE TABLE wide /,/;/p" "$migrations/sqlite/V1__bench_tables.sql")" \
            "$(grep -E "^CREATE (UNIQUE )?INDEX .* ON wide " "$migrations/sqlite/V1__bench_tables.sql" | tr '\n' ' ')"
        settle
        read -r seconds peak rc <<<"$(timed "$log" java "${jvm[@]}" -jar "$jar" --spring.datasource.url="jdbc:sqlite:$work/rowlift.db" \
            --spring.flyway.enabled=false --rowlift.source.path="$csv" --rowlift.target.table=wide "${options[@]}" "${args[@]}")"
        count=$(sqlite3 "$work/rowlift.db" "SELECT COUNT(*) FROM wide")
    else
        my -e "DROP DATABASE IF EXISTS rowlift_mapping_bench; CREATE DATABASE rowlift_mapping_bench"
        my rowlift_mapping_bench -e "$(sed -n "/^CREATE TABLE wide /,/;/p" "$migrations/mysql/V1__bench_tables.sql")
            $(grep -E "^CREATE (UNIQUE )?INDEX .* ON wide " "$migrations/mysql/V1__bench_tables.sql" | tr '\n' ' ')"
        settle mysql
        read -r seconds peak rc <<<"$(timed "$log" java "${jvm[@]}" -jar "$jar" --spring.profiles.active=mysql \
            --spring.datasource.url=jdbc:mysql://127.0.0.1:3306/rowlift_mapping_bench --spring.datasource.username=root \
            --spring.datasource.password= --spring.flyway.enabled=false --rowlift.source.path="$csv" --rowlift.target.table=wide \
            "${options[@]}" "${args[@]}")"
        count=$(my -N rowlift_mapping_bench -e "SELECT COUNT(*) FROM wide")
    fi
    [[ $rc == 0 ]] || { echo "Rowlift ($target, $variant) failed"; tail -5 "$log"; exit 1; }
    [[ $count == "$expect" ]] || { echo "$target $variant: the table holds $count rows, expected $expect"; exit 1; }
    if [[ $variant == mapped && $kept != "$rows" ]] && ! summary "$log" | grep -q "+ filtered $(commas $((rows - kept)))\$"; then
        echo "$target mapped: the summary does not say + filtered $(commas $((rows - kept)))"; summary "$log"; exit 1
    fi
    printf "  %-8s %8.2f s %12.0f rows/s %7.0f MB RSS  (%s rows)\n" "$variant" "$seconds" "$(echo "$rows / $seconds" | bc -l)" \
        "$(echo "$peak / 1024" | bc -l)" "$count"
}

for target in sqlite mysql; do
    [[ $targets == *$target* ]] || continue
    echo "$([[ $target == sqlite ]] && echo SQLite || echo MySQL/MariaDB)"
    plain_sum=0; mapped_sum=0
    for _ in $(seq 1 "$repeat"); do
        load "$target" plain; plain_sum=$(echo "$plain_sum + $seconds" | bc -l)
        load "$target" mapped; mapped_sum=$(echo "$mapped_sum + $seconds" | bc -l)
    done
    printf "  %-8s %8.2f   (mean of %d each; mapped: 5 expressions and a filter)\n" "ratio" "$(echo "$mapped_sum / $plain_sum" | bc -l)" "$repeat"
    echo "  plain:  $(summary "$work/$target-plain.log")"
    echo "  mapped: $(summary "$work/$target-mapped.log")"
done
