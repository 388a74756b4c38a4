#!/usr/bin/env bash
# Rowlift against the reference loaders on the same file, in one run (issue 2's measurement; the
# full benchmark grows from here).
#
#   bench/core.sh [ROWS] [PARTITIONS] [ROUNDS]     (defaults 300000 4 3)
#
# From the project's root after `mvn -B -DskipTests package test-compile`. Generates the ints shape
# with io.rowlift.testsupport.GenCsv (byte-identical to the benchmark kit's gencsv.c), then per round:
#   sqlite3 CLI   .import + the shape's 3 indexes (journal_mode=OFF, synchronous=OFF)
#   Rowlift       into SQLite, with its index drop and rebuild
#   LOAD DATA     one LOAD DATA LOCAL INFILE into InnoDB (table created with its indexes)
#   Rowlift       into MySQL/MariaDB
# Times are end to end (JVM start included). Checks that every load holds all rows. Needs sqlite3,
# the mariadb client and a server at 127.0.0.1:3306 (root, no password).
set -euo pipefail
rows=${1:-300000} partitions=${2:-4} rounds=${3:-3}
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-bench; mkdir -p "$work"
jar=$root/target/rowlift.jar migrations=$root/src/test/resources/db/migration
csv=$work/ints-$rows.csv
[[ -s $csv ]] || java -cp target/test-classes io.rowlift.testsupport.GenCsv ints "$rows" > "$csv"
my() { mariadb -h 127.0.0.1 -P 3306 -u root "$@"; }
now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc; }
check() { [[ $1 == "$rows" ]] || { echo "row count $1, want $rows ($2)"; exit 1; }; }

echo "ints $rows rows ($(du -h "$csv" | cut -f1)), Rowlift with $partitions partitions, $(nproc) cores, $(git rev-parse --short HEAD)"
printf "%-6s %12s %12s %8s %12s %12s %8s\n" round sqlite3-cli rowlift ratio load-data rowlift ratio
for r in $(seq "$rounds"); do
    rm -f "$work"/cli.db* "$work"/rl.db*
    t0=$(now)
    sqlite3 "$work/cli.db" "PRAGMA journal_mode=OFF;" "PRAGMA synchronous=OFF;" \
        "CREATE TABLE ints (value_1 INTEGER NOT NULL, value_2 INTEGER NOT NULL);" \
        ".import --csv --skip 1 $csv ints" \
        "CREATE INDEX ints_value_1 ON ints (value_1); CREATE INDEX ints_value_2 ON ints (value_2); CREATE UNIQUE INDEX ints_value_1_value_2 ON ints (value_1, value_2);" >/dev/null
    t1=$(now)
    check "$(sqlite3 "$work/cli.db" 'SELECT count(*) FROM ints')" sqlite3
    t2=$(now)
    java -jar "$jar" --spring.datasource.url="jdbc:sqlite:$work/rl.db" --spring.flyway.locations="filesystem:$migrations/{vendor}" \
        --rowlift.source.path="$csv" --rowlift.target.table=ints --rowlift.job.partitions="$partitions" > "$work/rl-sqlite.log" 2>&1
    t3=$(now)
    check "$(sqlite3 "$work/rl.db" 'SELECT count(*) FROM ints')" rowlift-sqlite
    my -e "DROP DATABASE IF EXISTS rowlift_bench_a; CREATE DATABASE rowlift_bench_a; DROP DATABASE IF EXISTS rowlift_bench_r; CREATE DATABASE rowlift_bench_r"
    ddl=$(sed -n "/^CREATE TABLE ints /,/;/p" "$migrations/mysql/V1__bench_tables.sql")
    my rowlift_bench_a -e "$ddl"
    t4=$(now)
    my --local-infile=1 rowlift_bench_a -e "LOAD DATA LOCAL INFILE '$csv' INTO TABLE ints CHARACTER SET utf8mb4
        FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES TERMINATED BY '\n' IGNORE 1 LINES (value_1, value_2)"
    t5=$(now)
    check "$(my -N rowlift_bench_a -e 'SELECT count(*) FROM ints')" load-data
    t6=$(now)
    java -jar "$jar" --spring.profiles.active=mysql --spring.datasource.url=jdbc:mysql://127.0.0.1:3306/rowlift_bench_r \
        --spring.datasource.username=root --spring.datasource.password= --spring.flyway.locations="filesystem:$migrations/{vendor}" \
        --rowlift.source.path="$csv" --rowlift.target.table=ints --rowlift.job.partitions="$partitions" > "$work/rl-mysql.log" 2>&1
    t7=$(now)
    check "$(my -N rowlift_bench_r -e 'SELECT count(*) FROM ints')" rowlift-mysql
    a=$(secs "$t0" "$t1") b=$(secs "$t2" "$t3") c=$(secs "$t4" "$t5") d=$(secs "$t6" "$t7")
    printf "%-6s %11.2fs %11.2fs %8.2f %11.2fs %11.2fs %8.2f\n" "$r" "$a" "$b" "$(echo "$b / $a" | bc -l)" "$c" "$d" "$(echo "$d / $c" | bc -l)"
done
echo "last Rowlift summaries:"; tail -n 1 "$work/rl-sqlite.log"; tail -n 1 "$work/rl-mysql.log"
