#!/usr/bin/env bash
# JMH microbenchmarks of the hot paths (issue #5): the CSV record parser over in-memory data of the
# benchmark shapes (CsvParserBenchmark) and the split-point search on a ~155 MB docs file
# (SplitPointBenchmark). Sources in src/jmh/java, built by the `jmh` Maven profile.
#
#   bench/jmh.sh [JMH ARGS...]
#
# From the project's root. Builds target/rowlift-jmh.jar (`mvn -B -q -Pjmh -DskipTests package`; set
# JMH_SKIP_BUILD=1 to reuse the jar), then runs `java -jar target/rowlift-jmh.jar JMH ARGS`. With no
# arguments every benchmark runs with the settings in its annotations (one fork each), about 2-3
# minutes on 2 cores. Examples:
#   bench/jmh.sh -f 1 -wi 2 -i 3                        shorter
#   bench/jmh.sh CsvParserBenchmark -p shape=ints,docs  one benchmark, some shapes
#   bench/jmh.sh -rf json -rff target/jmh-result.json   keep the results
#   bench/jmh.sh -h                                     JMH's options
# Secondary results named `:MB` are throughput in MB (10^6 bytes) of CSV per second, though JMH's
# table labels them ops/s.
set -euo pipefail
[[ -f pom.xml && -d src/jmh/java ]] || { echo "run from the project's root" >&2; exit 2; }
jar=target/rowlift-jmh.jar
if [[ ${JMH_SKIP_BUILD:-0} != 1 || ! -f $jar ]]; then
    mvn -B -q -Pjmh -DskipTests package
fi
echo "# $(nproc) cores, $(java -version 2>&1 | head -n 1), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
exec java -jar "$jar" "$@"
