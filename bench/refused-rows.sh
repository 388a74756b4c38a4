#!/usr/bin/env bash
# Issue #24 item 4 goal row, one run (from the project root): bench/refused-rows.sh JAR CSV clean|check [PIPELINE-OPTIONS...]
# A fresh database bisect_bench with the bench table wide (plus CHECK (id % 100 <> 0) for "check":
# 1 % of the rows refused, spread evenly), then the whole process of java -jar JAR timed.
set -euo pipefail
jar=$1; csv=$2; case=$3; shift 3
db=${BENCH_DB:-bisect_bench}
my() { mariadb -h 127.0.0.1 -P 3306 -u root "$@"; }
ddl=$(sed -n "/^CREATE TABLE wide /,/;/p" src/test/resources/db/migration/mysql/V1__bench_tables.sql)
my -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
my "$db" -e "$ddl"
skip=()
if [[ $case == check ]]; then
    my "$db" -e "ALTER TABLE wide ADD CONSTRAINT wide_check CHECK (id % 100 <> 0)"
    skip=(--rowlift.job.skip-limit=100000)
fi
rm -f "$csv".rejects.csv*
log=${TMPDIR:-/tmp}/refused-rows-$(basename "$jar" .jar)-$case.log
t0=$(date +%s.%N)
java -jar "$jar" --spring.profiles.active=mysql --spring.datasource.url=jdbc:mysql://127.0.0.1:3306/$db \
    --spring.datasource.username=root --spring.flyway.enabled=false --rowlift.source.path="$csv" \
    --rowlift.target.table=wide "${skip[@]}" "$@" > "$log" 2>&1 || { tail -5 "$log"; exit 1; }
t1=$(date +%s.%N)
printf "%s %s %.2f s | %s | load %s\n" "$(basename "$jar")" "$case" "$(echo "$t1 - $t0" | bc -l)" \
    "$(grep -o 'read [0-9,]* = .*' "$log" | tail -1 | cut -c1-90)" "$(cut -d' ' -f1-3 /proc/loadavg)"
