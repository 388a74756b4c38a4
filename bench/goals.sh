#!/usr/bin/env bash
# Every goal row of the speed issues (#5, raised in #14) in one go, each Rowlift run next to its anchor on the same
# file (bench/run.sh), plus the start-up of a 10-row load. Takes about an hour on 2 cores; the machine
# should be otherwise idle. Output goes to stdout and to ${TMPDIR:-/tmp}/rowlift-bench/goals-<commit>.log.
#   bench/goals.sh            all rows
#   GOALS="wide docs" bench/goals.sh     only these (ints30 wide keys docs ints100 startup xmx512)
#   ROWLIFT_VARIANTS="before /tmp/old.jar;after target/rowlift.jar" bench/goals.sh
#                                        two builds side by side, one anchor run per row (see bench/run.sh)
#   BEFORE=02cb32f bench/goals.sh          every row also with the jar of that commit (a tag or branch works too:
#                                        the last landing), built once and cached (bench/before-jar.sh); the table
#                                        then has a row per build, each with its ratio to the same anchor run
#   ROWLIFT_LAUNCH=both (the default here) runs each row with `java -jar` (the JVM's default heap: the
#   memory goal's case; README's commands add -Xmx1g) and with bin/rowlift beside one anchor run; bin or
#   jar runs one of them.
# At the end the goal table (bench/goals-table.sh) is appended to docs/bench-logs/goal-runs.md (the archive of goal
# runs; docs/benchmarks.md's current rows are updated from it by hand) with the machine,
# the commit and the log, which is copied to docs/bench-logs/goals-<commit>-<time>.log; GOALS_DOC= (empty)
# leaves the docs alone, GOALS_DOC=FILE appends to FILE instead.
# Run from the project's root after `mvn -B -DskipTests package test-compile`.
set -euo pipefail
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-bench; mkdir -p "$work"
log=$work/goals-$(git rev-parse --short HEAD).log
goals=${GOALS:-ints30 wide keys docs ints100 startup xmx512}
has() { [[ " $goals " == *" $1 "* ]]; }
export ROWLIFT_LAUNCH=${ROWLIFT_LAUNCH:-both}
if [[ -n ${BEFORE:-} ]]; then # built once here, then a variant of every row (and of the start-up rounds)
    export ROWLIFT_VARIANTS="before-$(git rev-parse --short "$BEFORE^{commit}") $(bench/before-jar.sh "$BEFORE");${ROWLIFT_VARIANTS:-Rowlift $root/target/rowlift.jar}"
    unset BEFORE
fi
{
echo "goals at commit $(git rev-parse --short HEAD), $(date -u +%FT%TZ), $(nproc) cores, $(java -version 2>&1 | head -1)"
has ints30 && bench/run.sh ints 30000000 sqlite
has wide && bench/run.sh wide 5000000
has keys && bench/run.sh keys 10000000
has docs && bench/run.sh docs 1000000
has ints100 && bench/run.sh ints 100000000 sqlite
if has startup; then
    echo "start-up: a 10-row file into a fresh SQLite file, JVM start to exit (3 rounds each)"
    s=$work/startup; rm -rf "$s"; mkdir -p "$s/db/sqlite"
    printf 'id,name\n' > "$s/ten.csv"; for i in $(seq 1 10); do echo "$i,name $i" >> "$s/ten.csv"; done
    echo "CREATE TABLE ten (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE INDEX ten_name ON ten (name);" > "$s/db/sqlite/V1__ten.sql"
    IFS=';' read -r -a variants <<<"${ROWLIFT_VARIANTS:-Rowlift $root/target/rowlift.jar}"
    for variant in "${variants[@]}"; do
    read -r -a v <<<"$variant"
    ROWLIFT_JAR="${v[1]}" "$root/bin/rowlift" --rowlift.source.path=/nonexistent >/dev/null 2>&1 || true # the launcher's first use
    for launch in "java -jar ${v[1]}" "env ROWLIFT_JAR=${v[1]} $root/bin/rowlift"; do
        for round in 1 2 3; do
            rm -f "$s"/ten.db*
            /usr/bin/time -f "%e %M" -o "$s/time" $launch --spring.datasource.url="jdbc:sqlite:$s/ten.db" \
                --spring.flyway.locations="filesystem:$s/db/{vendor}" --rowlift.source.path="$s/ten.csv" --rowlift.target.table=ten \
                > "$s/out" 2>&1 || { echo "failed:"; cat "$s/out"; exit 1; }
            read -r secs kb < "$s/time"
            printf "  %-10s %-40s round %d: %5.2f s, %4.0f MB RSS\n" "${v[0]}" "${launch##*/}" "$round" "$secs" "$(echo "$kb / 1024" | bc -l)"
        done
    done
    done
fi
if has xmx512; then
    echo "-Xmx512m: the shapes with the largest records and the sort"
    JAVA_OPTS=-Xmx512m ROWLIFT_LAUNCH=jar bench/run.sh docs 1000000
    JAVA_OPTS=-Xmx512m ROWLIFT_LAUNCH=jar bench/run.sh keys 10000000
fi
} 2>&1 | tee "$log"
doc=${GOALS_DOC-docs/bench-logs/goal-runs.md}
[[ -n $doc && ! -f $doc ]] && printf '# Goal runs\n\nEach run of bench/goals.sh appends its table here; docs/benchmarks.md holds the current rows.\n' > "$doc"
if [[ -n $doc ]]; then
    stamp=$(date -u +%Y%m%dT%H%MZ); kept=docs/bench-logs/goals-$(git rev-parse --short HEAD)-$stamp.log
    mkdir -p docs/bench-logs && cp "$log" "$kept"
    {
        echo
        echo "## Goal run of $(date -u +%F), commit \`$(git rev-parse --short HEAD)\` (\`bench/goals.sh\`, rows: $goals)"
        echo
        echo "Machine: $(nproc) cores, $(awk '/^MemTotal:/ {printf "%.0f", $2 / 1048576}' /proc/meminfo) GiB of RAM, $(java -version 2>&1 | head -1); launchers: ${ROWLIFT_LAUNCH}; log: \`$kept\`."
        echo
        bench/goals-table.sh "$log"
    } >> "$doc"
    echo "goal table appended to $doc (log kept as $kept)"
fi
