#!/usr/bin/env bash
# upsert / ignore into a table that already holds rows, against the database's own bulk path, paired.
#
#   bench/key-modes/anchor-pace.sh BASE.csv DELTA.csv [PAIRS] [-- ROWLIFT OPTIONS...]
#     BASE   the wide shape's rows loaded first (untimed), e.g. gencsv wide 500000
#     DELTA  the file loaded in each mode, e.g. gencsv wide 500000 7 with ids shifted by 250,000 (half overlap):
#            ./gencsv wide 500000 7 | awk -F, 'BEGIN{OFS=","} NR==1{print;next} {$1=$1+250000; print}'
#   TARGETS (default mysql,sqlite), MODES (default ignore,upsert), PAIRS (default 2); ROWLIFT_JAR (default target/rowlift.jar).
#
# Per pair, target and mode: the table is made again and BASE loaded into it (untimed), then Rowlift's
# whole process is timed (bin/rowlift, JVM start included); the table is made again, BASE loaded, and the
# anchor timed: MariaDB `LOAD DATA LOCAL INFILE ... IGNORE` (ignore) or `... REPLACE` (upsert); SQLite
# `.import` into a staging table then `INSERT OR IGNORE` or `INSERT ... ON CONFLICT DO UPDATE` (sqlite3 CLI,
# one transaction). After each run the table's count and checksum must equal the anchor's. Prints each time
# and the ratio Rowlift / anchor per pair (A B A B: Rowlift then anchor, back to back).
# Run from the project's root after `mvn -B -DskipTests package`.
set -euo pipefail
base=${1:?base csv}; delta=${2:?delta csv}; shift 2
pairs=2; if [[ $# -gt 0 && $1 != -- ]]; then pairs=$1; shift; fi
[[ ${1:-} == -- ]] && shift
options=("$@")
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-anchor-pace; mkdir -p "$work"
jar=${ROWLIFT_JAR:-$root/target/rowlift.jar}; migrations=$root/src/test/resources/db/migration
cols=$(head -1 "$base" | tr -d '\r')
rowlift=(env ROWLIFT_JAR="$jar" "$root/bin/rowlift")
"${rowlift[@]}" --rowlift.source.path=/nonexistent >/dev/null 2>&1 || true # unpack + train, untimed
my() { mariadb --local-infile=1 -h 127.0.0.1 -P 3306 -u root "$@"; }
db=${PACE_DB:-rowlift_anchor_pace}
ddl_my=$(sed -n "/^CREATE TABLE wide /,/;/p" "$migrations/mysql/V1__bench_tables.sql")
ddl_lite=$(sed -n "/^CREATE TABLE wide /,/;/p" "$migrations/sqlite/V1__bench_tables.sql")
load_data() { # FILE [IGNORE|REPLACE]
    my "$db" -e "LOAD DATA LOCAL INFILE '$1' ${2:-} INTO TABLE wide CHARACTER SET utf8mb4
        FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES TERMINATED BY '\n' IGNORE 1 LINES ($cols)"
}
fresh() { # TARGET: the table holding BASE's rows, settled
    if [[ $1 == mysql ]]; then
        my -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
        my "$db" -e "$ddl_my"
        load_data "$base"
        for _ in $(seq 1 60); do
            [[ $(my -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | cut -f2) -lt 64 ]] && break
            sleep 1
        done
    else
        rm -f "$work"/pace.db*
        sqlite3 "$work/pace.db" "$ddl_lite" ".mode csv" ".import --skip 1 $base wide"
    fi
    sync
}
digest() {
    # LOAD DATA with ENCLOSED BY reads an unquoted field NULL as SQL NULL; Rowlift (the contract) stores the text NULL.
    # Both are read as the text here (item 5's 5M delta, GenCsv wide 5000000 7 with ids + 2,500,000, has one: id 5567746)
    nulls_as_text=$(echo "$cols" | tr ',' '\n' | sed "s/.*/COALESCE(\`&\`, 'NULL')/" | paste -sd,)
    if [[ $1 == mysql ]]; then my -N "$db" -e "SELECT COUNT(*), SUM(CRC32(CONCAT_WS('|', $nulls_as_text))) FROM wide"
    else sqlite3 -csv "$work/pace.db" "SELECT $cols FROM wide ORDER BY id" | md5sum | cut -d' ' -f1; fi
}
timed() { # wall seconds of the command (a function or a program), its output in $work/out
    local t0 t1; t0=$(date +%s.%N)
    "$@" > "$work/out" 2>&1 || { tail -5 "$work/out" >&2; exit 1; }
    t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l
}
anchor() { # TARGET MODE
    if [[ $1 == mysql ]]; then
        load_data "$delta" "$([[ $2 == ignore ]] && echo IGNORE || echo REPLACE)"
    else
        local set; set=$(echo "$cols" | tr ',' '\n' | grep -v '^id$' | sed 's/.*/&=excluded.&/' | paste -sd,)
        sqlite3 "$work/pace.db" "CREATE TEMP TABLE stage AS SELECT * FROM wide LIMIT 0" ".mode csv" ".import --skip 1 $delta stage" \
            "$([[ $2 == ignore ]] && echo "INSERT OR IGNORE INTO wide SELECT * FROM stage" \
                || echo "INSERT INTO wide SELECT * FROM stage WHERE true ON CONFLICT (id) DO UPDATE SET $set")"
    fi
}
echo "anchor pace: base $(($(wc -l < "$base") - 1)) rows, delta $(($(wc -l < "$delta") - 1)) rows; commit $(git rev-parse --short HEAD); $(uptime | sed 's/.*load/load/'); options: ${options[*]:-(defaults)}"
for pair in $(seq 1 "$pairs"); do
    for target in $(echo "${TARGETS:-mysql,sqlite}" | tr , ' '); do
        if [[ $target == mysql ]]; then
            dbopts=(--spring.profiles.active=mysql --spring.datasource.url=jdbc:mysql://127.0.0.1:3306/$db
                --spring.datasource.username=root --spring.datasource.password=)
        else
            dbopts=(--spring.datasource.url="jdbc:sqlite:$work/pace.db")
        fi
        for mode in $(echo "${MODES:-ignore,upsert}" | tr , ' '); do
            fresh "$target"
            a=$(timed "${rowlift[@]}" "${dbopts[@]}" --spring.flyway.enabled=false --rowlift.source.path="$delta" \
                --rowlift.target.table=wide --rowlift.target.mode="$mode" "${options[@]}")
            cp "$work/out" "$work/rowlift-$target-$mode.log"
            summary=$(grep '^rowlift: run' "$work/out" | tail -1 | sed 's/.*; read /read /')
            da=$(digest "$target")
            fresh "$target"
            b=$(timed anchor "$target" "$mode")
            db_=$(digest "$target")
            check=$([[ $da == "$db_" ]] && echo "same table" || echo "TABLES DIFFER: $da vs $db_")
            printf "pair %d %-6s %-6s rowlift %6.2f s  anchor %6.2f s  ratio %.2f  (%s; %s; %s)\n" "$pair" "$target" "$mode" \
                "$a" "$b" "$(echo "$a / $b" | bc -l)" "$check" "$summary" "$(uptime | sed 's/.*average: //')"
        done
    done
done
