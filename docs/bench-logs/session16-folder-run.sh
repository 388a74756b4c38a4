#!/usr/bin/env bash
# (kept as /tmp/f-run.sh during the session; the paired logs name it session16-folder-run.sh)
# /tmp/f-run.sh JAR [extra args] : one load of docs-200000 into a fresh SQLite file through bin/rowlift with ROWLIFT_JAR
set -euo pipefail
jar=$1; shift
root=/work/wt-folder
work=/tmp/f-work-$$; mkdir -p $work
db=$work/docs.db
sqlite3 "$db" "PRAGMA page_size=65536;" "PRAGMA journal_mode=WAL;" "$(sed -n '/^CREATE TABLE docs /,/;/p' $root/src/test/resources/db/migration/sqlite/V1__bench_tables.sql)" >/dev/null
sync
ROWLIFT_JAR=$jar $root/bin/rowlift --spring.datasource.url="jdbc:sqlite:$db" --spring.flyway.enabled=false \
  --rowlift.source.path=/tmp/rowlift-bench/documents/docs-200000 --rowlift.target.table=docs --rowlift.report.progress=none "$@"
rc=$?
read -r rows sum <<<"$(sqlite3 -separator ' ' "$db" "SELECT COUNT(*), SUM(created_at) FROM docs")"
[[ $rows == 200000 && $sum == $(( 200000 * 1727290164 + 200000 * 199999 / 2 )) ]] || { echo "TABLE WRONG $rows $sum" >&2; rm -rf $work; exit 1; }
rm -rf $work
exit $rc
