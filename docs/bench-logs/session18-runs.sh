#!/bin/bash
# The scripts behind docs/bench-logs/session18-ab-pairs.log (each: one load into a fresh SQLite file through
# bin/rowlift; JOPTS = JVM options). Files: GenCsv wide 1000000, GenCsv docs 1000000, bench/run.sh's keys-10000000.csv.
#   widerun.sh JAR DB | docsrun.sh JAR DB | keysrun.sh JAR DB
run() { # JAR DB CSV TABLE
    rm -f "$2" "$2"-*
    cd /work/main && ROWLIFT_JAR=$1 JAVA_OPTS="${JOPTS:-}" exec bin/rowlift --spring.datasource.url=jdbc:sqlite:$2 \
        --spring.flyway.locations=filesystem:/work/main/src/test/resources/db/migration/sqlite \
        --rowlift.source.path=$3 --rowlift.target.table=$4
}
case ${0##*/} in
    widerun.sh) run "$1" "$2" /tmp/s18/wide1m.csv wide ;;
    docsrun.sh) run "$1" "$2" /tmp/s18/docs1m.csv docs ;;
    keysrun.sh) run "$1" "$2" /tmp/rowlift-bench/keys-10000000.csv tokens ;;
esac
