#!/usr/bin/env bash
# The HTML report's screenshot in docs/ (docs/html-report.md), made from a real run: generates the
# ints shape with io.rowlift.testsupport.GenCsv, loads it into a fresh SQLite file with
# rowlift.report.html-file set, and has headless chromium (Debian's package) take a picture of the page.
#
#   bench/report-screenshot.sh [ROWS] [PARTITIONS] [-- ROWLIFT OPTIONS...]    (defaults 2000000 4)
#   e.g. bench/report-screenshot.sh 20000000 8
#        bench/report-screenshot.sh 5000000 4 -- --rowlift.job.threads=2
#
# From the project's root after `mvn -B -DskipTests package test-compile`. Writes docs/report.png
# (OUT=... elsewhere; SIZE=WIDTHxHEIGHT of the browser window, default 1100x1500) and leaves the run's
# report, summary and log in ${TMPDIR:-/tmp}/rowlift-report/ for a look in a browser.
set -euo pipefail
rows=${1:-2000000}; partitions=${2:-4}
shift $(( $# > 2 ? 2 : $# ))
[[ ${1:-} == -- ]] && shift
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-report; mkdir -p "$work"
out=${OUT:-$root/docs/report.png}; size=${SIZE:-1100x1500}
jar=$root/target/rowlift.jar
[[ -f $jar && -d target/test-classes ]] || { echo "run mvn -B -DskipTests package test-compile first"; exit 2; }
command -v chromium >/dev/null || { echo "needs chromium: apt-get install -y chromium"; exit 2; }
csv=$work/ints-$rows.csv
[[ -s $csv ]] || java -cp target/test-classes io.rowlift.testsupport.GenCsv ints "$rows" > "$csv"
rm -f "$work"/report.db "$work"/report.db-* "$work"/report.db.rowlift-lock
set +e
java -jar "$jar" --spring.datasource.url="jdbc:sqlite:$work/report.db" \
    --spring.flyway.locations="filesystem:$root/src/test/resources/db/migration/{vendor}" \
    --rowlift.source.path="$csv" --rowlift.target.table=ints --rowlift.job.partitions="$partitions" \
    --rowlift.report.html-file="$work/report.html" --rowlift.report.summary-file="$work/summary.json" "$@" > "$work/run.log" 2>&1
code=$?
set -e
tail -1 "$work/run.log"
[[ -s $work/report.html ]] || { echo "no report written (exit $code); see $work/run.log"; exit 1; }
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/chromium-profile" \
    --window-size="${size/x/,}" --screenshot="$out" "file://$work/report.html" 2>/dev/null
echo "wrote $out from $work/report.html (run exit $code)"
