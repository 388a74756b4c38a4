#!/usr/bin/env bash
# Issue #24 item 4 goal row, one run (from the project root): bench/refused-rows.sh JAR CSV clean|check [PIPELINE-OPTIONS...]
# A fresh database with the bench table wide (plus CHECK (id % 100 <> 0) for "check": 1 % of the rows
# refused, spread evenly), then the whole process of java -jar JAR timed. BENCH_TARGET=mysql (default:
# MariaDB on 127.0.0.1:3306, database BENCH_DB, default bisect_bench) or sqlite (file BENCH_SQLITE,
# default ${TMPDIR:-/tmp}/bisect_bench.db, made again per run).
set -euo pipefail
jar=$1; csv=$2; case=$3; shift 3
target=${BENCH_TARGET:-mysql}
db=${BENCH_DB:-bisect_bench}
skip=()
[[ $case == check ]] && skip=(--rowlift.job.skip-limit=100000)
if [[ $target == sqlite ]]; then
    file=${BENCH_SQLITE:-${TMPDIR:-/tmp}/bisect_bench.db}
    ddl=$(sed -n "/^CREATE TABLE wide /,/;/p" src/test/resources/db/migration/sqlite/V1__bench_tables.sql)
    # SQLite adds no CHECK to a table that exists: the constraint goes into the CREATE TABLE
    [[ $case == check ]] && ddl=$(printf '%s\n' "$ddl" | sed 's/^);$/, CONSTRAINT wide_check CHECK (id % 100 <> 0));/')
    rm -f "$file" "$file"-wal "$file"-shm "$file"-journal
    sqlite3 "$file" "$ddl"
    connect=(--spring.datasource.url=jdbc:sqlite:"$file")
else
    my() { mariadb -h 127.0.0.1 -P 3306 -u root "$@"; }
    ddl=$(sed -n "/^CREATE TABLE wide /,/;/p" src/test/resources/db/migration/mysql/V1__bench_tables.sql)
    my -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
    my "$db" -e "$ddl"
    [[ $case == check ]] && my "$db" -e "ALTER TABLE wide ADD CONSTRAINT wide_check CHECK (id % 100 <> 0)"
    connect=(--spring.profiles.active=mysql --spring.datasource.url=jdbc:mysql://127.0.0.1:3306/$db
        --spring.datasource.username=root)
fi
rm -f "$csv".rejects.csv*
log=${TMPDIR:-/tmp}/refused-rows-$(basename "$jar" .jar)-$target-$case.log
t0=$(date +%s.%N)
java -jar "$jar" "${connect[@]}" --spring.flyway.enabled=false --rowlift.source.path="$csv" \
    --rowlift.target.table=wide "${skip[@]}" "$@" > "$log" 2>&1 || { tail -5 "$log"; exit 1; }
t1=$(date +%s.%N)
if [[ $target == sqlite ]]; then rows=$(sqlite3 "$file" "SELECT count(*) FROM wide"); else rows=$(my -N "$db" -e "SELECT count(*) FROM wide"); fi
printf "%s %s %s %.2f s | %s | table %s rows | load %s\n" "$(basename "$jar")" "$target" "$case" "$(echo "$t1 - $t0" | bc -l)" \
    "$(grep -o 'read [0-9,]* = .*' "$log" | tail -1 | cut -c1-90)" "$rows" "$(cut -d' ' -f1-3 /proc/loadavg)"
