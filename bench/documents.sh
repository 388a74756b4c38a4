#!/usr/bin/env bash
# A folder of small JSON documents (issue #21 item 4): the seed's workload, N files <id>.json of 0-2,000
# characters each, written by bench/seed002_docs.py (a copy of the benchmark kit's generator), loaded by
# Rowlift into SQLite and MySQL/MariaDB (table docs: id, text, created_at, from the test migrations), each
# end to end (JVM start included), printing seconds, files/s and the size on disk afterwards.
#
#   bench/documents.sh N [TARGETS] [-- ROWLIFT OPTIONS...]
#     TARGETS  sqlite,mysql (default both)
#   e.g. bench/documents.sh 200000
#        bench/documents.sh 20000 sqlite -- --rowlift.job.partitions=2
#
# Run from the project's root after `mvn -B -DskipTests package`. The folder is made once, in
# ${TMPDIR:-/tmp}/rowlift-bench/documents/docs-N, and reused. Each timed run starts settled (`sync`; on MySQL
# the server's dirty pages flushed) with an empty table made beforehand from the migration (Flyway off).
# Checks each table: N rows, and the sum of created_at the generator wrote. The size: SQLite's database file
# (`du`), MySQL's table as information_schema counts it after ANALYZE TABLE. ROWLIFT_LAUNCH=jar runs
# `java -Xmx1g -jar target/rowlift.jar` instead of bin/rowlift. STORES=1 also runs bench/seed002_stores.py
# (LMDB, LevelDB and Python + SQLite on the same folder; needs python3-lmdb and python3-plyvel; PYTHON names
# the interpreter that has them, default python3). COMPRESS=zstd loads with rowlift.target.compress=zstd into
# the same table with its text column declared BLOB (LONGBLOB on MySQL), as compact storage asks.
set -euo pipefail
n=${1:?N}; shift
targets=sqlite,mysql
if [[ $# -gt 0 && $1 != -- ]]; then targets=$1; shift; fi
[[ ${1:-} == -- ]] && shift
options=("$@")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${TMPDIR:-/tmp}/rowlift-bench/documents
folder=$work/docs-$n
migrations=$root/src/test/resources/db/migration
docs_table() { # VENDOR -> the CREATE TABLE of docs, its text column a BLOB with COMPRESS=zstd
    local create
    create=$(sed -n '/^CREATE TABLE docs /,/;/p' "$migrations/$1/V1__bench_tables.sql")
    if [[ ${COMPRESS:-} == zstd ]]; then
        create=$(sed -E 's/^( +text +)TEXT /\1'"$([[ $1 == mysql ]] && echo LONGBLOB || echo BLOB)"' /' <<<"$create")
    fi
    echo "$create"
}
if [[ ${COMPRESS:-} == zstd ]]; then options=(--rowlift.target.compress=zstd "${options[@]}"); fi
mkdir -p "$work"
if [[ ! -f $folder/.complete ]]; then
    rm -rf "$folder"
    python3 "$root/bench/seed002_docs.py" "$folder" "$n"
    touch "$folder/.complete" # hidden: Rowlift does not read it
fi
if [[ ${ROWLIFT_LAUNCH:-bin} == jar ]]; then
    rowlift=(java ${JAVA_OPTS:--Xmx1g} -jar "$root/target/rowlift.jar")
else
    rowlift=("$root/bin/rowlift")
    "${rowlift[@]}" --rowlift.source.path=/nonexistent >/dev/null 2>&1 || true # first use: unpack and train, untimed
fi
expected_sum=$(( n * 1727290164 + n * (n - 1) / 2 ))
my() { mariadb -h 127.0.0.1 -P 3306 -u root "$@"; }
settle() {
    sync
    if [[ ${1:-} == mysql ]]; then
        my -e "SET GLOBAL innodb_max_dirty_pages_pct = 0" >/dev/null 2>&1 || true
        for _ in $(seq 1 60); do
            dirty=$(my -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk '{print $2}')
            [[ ${dirty:-0} -lt 100 ]] && break
            sleep 1
        done
        my -e "SET GLOBAL innodb_max_dirty_pages_pct = 90" >/dev/null 2>&1 || true
        sync
    fi
}
timed() { # LOG command... -> "seconds peakKB exit"
    local log=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" > "$log" 2>&1 && rc=0 || rc=$?
    echo "$(tail -1 "$work/time.txt") $rc"
}
echo "documents: $n files, $(du -sb --exclude=.complete "$folder" | cut -f1) bytes ($(du -sh "$folder" | cut -f1) on disk); $(nproc) cores;" \
    "commit $(git -C "$root" rev-parse --short HEAD); options: ${options[*]:-(defaults)}"

if [[ $targets == *sqlite* ]]; then
    db=$work/docs.db
    rm -f "$db" "$db"-*
    sqlite3 "$db" "PRAGMA page_size=65536;" "PRAGMA journal_mode=WAL;" "$(docs_table sqlite)"
    settle
    read -r s kb rc <<<"$(timed "$work/rowlift-sqlite.log" "${rowlift[@]}" --spring.datasource.url="jdbc:sqlite:$db" \
        --spring.flyway.enabled=false --rowlift.source.path="$folder" --rowlift.target.table=docs --rowlift.report.progress=none "${options[@]}")"
    [[ $rc == 0 ]] || { echo "Rowlift into SQLite failed"; tail -5 "$work/rowlift-sqlite.log"; exit 1; }
    read -r rows sum <<<"$(sqlite3 -separator ' ' "$db" "SELECT COUNT(*), SUM(created_at) FROM docs")"
    [[ $rows == "$n" && $sum == "$expected_sum" ]] || { echo "SQLite table wrong: $rows rows, sum $sum (expected $n, $expected_sum)"; exit 1; }
    printf "  %-22s %8.2f s %10.0f files/s %8.0f MB RSS   %s on disk (du, database file and WAL)\n" "Rowlift -> SQLite" "$s" \
        "$(echo "$n / $s" | bc -l)" "$(echo "$kb / 1024" | bc -l)" "$(du -ch "$db"* | tail -1 | cut -f1)"
    grep '^rowlift: documents:' "$work/rowlift-sqlite.log" | sed 's/^/    /' || true
fi

if [[ $targets == *mysql* ]]; then
    my -e "DROP DATABASE IF EXISTS rowlift_bench_docs; CREATE DATABASE rowlift_bench_docs"
    my rowlift_bench_docs -e "$(docs_table mysql)"
    settle mysql
    read -r s kb rc <<<"$(timed "$work/rowlift-mysql.log" "${rowlift[@]}" --spring.profiles.active=mysql \
        --spring.datasource.url=jdbc:mysql://127.0.0.1:3306/rowlift_bench_docs --spring.datasource.username=root \
        --spring.datasource.password= --spring.flyway.enabled=false --rowlift.source.path="$folder" --rowlift.target.table=docs \
        --rowlift.report.progress=none "${options[@]}")"
    [[ $rc == 0 ]] || { echo "Rowlift into MySQL failed"; tail -5 "$work/rowlift-mysql.log"; exit 1; }
    read -r rows sum <<<"$(my -N rowlift_bench_docs -e "SELECT COUNT(*), SUM(created_at) FROM docs")"
    [[ $rows == "$n" && $sum == "$expected_sum" ]] || { echo "MySQL table wrong: $rows rows, sum $sum (expected $n, $expected_sum)"; exit 1; }
    my rowlift_bench_docs -e "ANALYZE TABLE docs" >/dev/null
    size=$(my -N rowlift_bench_docs -e "SELECT ROUND((data_length + index_length) / 1048576) FROM information_schema.TABLES WHERE table_schema = 'rowlift_bench_docs' AND table_name = 'docs'")
    printf "  %-22s %8.2f s %10.0f files/s %8.0f MB RSS   %s MiB (information_schema, data + indexes)\n" "Rowlift -> MySQL" "$s" \
        "$(echo "$n / $s" | bc -l)" "$(echo "$kb / 1024" | bc -l)" "$size"
    grep '^rowlift: documents:' "$work/rowlift-mysql.log" | sed 's/^/    /' || true
fi

if [[ ${STORES:-0} == 1 ]]; then
    "${PYTHON:-python3}" "$root/bench/seed002_stores.py" "$folder" "$work/stores"
fi
