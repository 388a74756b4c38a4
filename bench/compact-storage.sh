#!/usr/bin/env bash
# Compact storage (rowlift.target.compress=zstd, docs/compact-storage.md): the size of seed 002's documents
# (bench/seed002_docs.py, a copy of ../shared/bench/seed002_docs.py) in SQLite, stored as text and stored
# compressed, each loaded end to end by the jar (JVM start included) from JSON Lines made of the folder (one
# line per file: {"id": <file name>, "body": <the file's content>}).
#
#   bench/compact-storage.sh N [LEVEL...]      e.g. bench/compact-storage.sh 200000 3 19
#
# Run from the project's root after `mvn -B -DskipTests package`. Prints, per variant, the seconds and the
# database file's size after VACUUM-free loading (what the load left), and the documents' own size on disk.
# Scratch files go to ${TMPDIR:-/tmp}/rowlift-compact. With MYSQL=1 it also loads into MariaDB at 127.0.0.1
# (root, no password, database rowlift_compact) and prints data_length + index_length of each table.
set -euo pipefail
n=${1:?number of documents}; shift
levels=("${@:-3}")
work=${TMPDIR:-/tmp}/rowlift-compact
root=$(pwd)
mkdir -p "$work"
if [[ ! -f $work/docs-$n.jsonl ]]; then
    [[ -f $work/docs-$n/$((n - 1)).json ]] || { rm -rf "$work/docs-$n"; python3 bench/seed002_docs.py "$work/docs-$n" "$n"; }
    python3 - "$work/docs-$n" "$n" > "$work/docs-$n.jsonl" <<'PY'
import json, os, sys
d, n = sys.argv[1], int(sys.argv[2])
out = sys.stdout
for i in range(n):
    with open(os.path.join(d, f'{i}.json'), encoding='utf-8') as f:
        out.write(json.dumps({'id': i, 'body': f.read()}) + '\n')
PY
fi
echo "documents: $n files, $(du -sh --apparent-size "$work/docs-$n" | cut -f1) apparent, $(du -sh "$work/docs-$n" | cut -f1) on disk; JSON Lines $(stat -c %s "$work/docs-$n.jsonl") bytes"
mig=$work/migrations
mkdir -p "$mig/sqlite" "$mig/mysql"
cat > "$mig/sqlite/V1__docs.sql" <<'SQL'
CREATE TABLE docs_text (id INTEGER PRIMARY KEY, body TEXT);
CREATE TABLE docs_zstd (id INTEGER PRIMARY KEY, body BLOB);
SQL
cat > "$mig/mysql/V1__docs.sql" <<'SQL'
CREATE TABLE docs_text (id BIGINT NOT NULL PRIMARY KEY, body LONGTEXT) ENGINE = InnoDB;
CREATE TABLE docs_zstd (id BIGINT NOT NULL PRIMARY KEY, body LONGBLOB) ENGINE = InnoDB;
SQL
load() { # label table db-url [options]
    local label=$1 table=$2 url=$3; shift 3
    local start end
    sync
    start=$(date +%s.%N)
    java -Xmx1g -jar "$root/target/rowlift.jar" --spring.datasource.url="$url" --spring.flyway.locations="filesystem:$mig/{vendor}" \
        --rowlift.source.path="$work/docs-$n.jsonl" --rowlift.target.table="$table" --rowlift.report.progress=none "$@" \
        > "$work/$label.log" 2>&1 || { tail -20 "$work/$label.log"; exit 1; }
    end=$(date +%s.%N)
    echo "$label: $(echo "$end - $start" | bc) s; $(tail -1 "$work/$label.log" | cut -c1-160)"
}
rm -f "$work"/text.db* && load sqlite-text docs_text "jdbc:sqlite:$work/text.db"
echo "  sqlite text: $(stat -c %s "$work/text.db") bytes"
for level in "${levels[@]}"; do
    rm -f "$work"/zstd.db* && load "sqlite-zstd-$level" docs_zstd "jdbc:sqlite:$work/zstd.db" --rowlift.target.compress=zstd \
        --rowlift.target.compress-level="$level"
    echo "  sqlite zstd level $level: $(stat -c %s "$work/zstd.db") bytes"
done
if [[ ${MYSQL:-0} == 1 ]]; then
    mysql -h 127.0.0.1 -u root -e "DROP DATABASE IF EXISTS rowlift_compact; CREATE DATABASE rowlift_compact"
    url=jdbc:mysql://127.0.0.1:3306/rowlift_compact
    load mysql-text docs_text "$url" --spring.profiles.active=mysql --spring.datasource.username=root
    load mysql-zstd docs_zstd "$url" --spring.profiles.active=mysql --spring.datasource.username=root --rowlift.target.compress=zstd
    mysql -h 127.0.0.1 -u root -N -e "ANALYZE TABLE rowlift_compact.docs_text, rowlift_compact.docs_zstd" > /dev/null
    mysql -h 127.0.0.1 -u root -e "SELECT table_name, data_length + index_length AS bytes FROM information_schema.tables
        WHERE table_schema = 'rowlift_compact' AND table_name LIKE 'docs%'"
fi
