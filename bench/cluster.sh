#!/usr/bin/env bash
# Scale-out (issue #23, docs/cluster.md): the same generated file into MySQL/MariaDB by a local run, by a
# manager with one worker, and by a manager with two workers, in one sitting, REPEAT rounds in turn (local,
# 1 worker, 2 workers, local, ...), each on a fresh table from the bench migration (Flyway off), each table
# checked against LOAD DATA's (count and CRC32 sum, as bench/run.sh does).
#
#   bench/cluster.sh SHAPE ROWS [PARTITIONS]        e.g. bench/cluster.sh wide 5000000 8
#     REPEAT (default 2) rounds; WORKER_THREADS (default 2) partitions each worker runs at once.
#
# The workers are a standing service: they are started and serving before the manager's command is timed,
# and stopped after it. What is timed is the manager's (or the local run's) whole process, JVM start
# included. Besides the wall time it prints the CPU seconds that each process spent during the timed run:
# the manager or local run, each worker (from /proc, the JVM's own threads and all) and the database server
# (mariadbd or mysqld, from /proc): on one machine every process shares its cores, so the sum says where
# the time went. Needs RabbitMQ at 127.0.0.1:5672 (guest/guest), the mariadb client, a server at
# 127.0.0.1:3306 (root, no password). Run from the project's root after
# `mvn -B -DskipTests package test-compile`. Scratch files in ${TMPDIR:-/tmp}/rowlift-bench.
set -euo pipefail
shape=${1:?shape}; rows=${2:?rows}; partitions=${3:-8}
repeat=${REPEAT:-2}; worker_threads=${WORKER_THREADS:-2}
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-bench; mkdir -p "$work"
jar=$root/target/rowlift.jar; migrations=$root/src/test/resources/db/migration
[[ -f $jar && -d target/test-classes ]] || { echo "run mvn -B -DskipTests package test-compile first"; exit 2; }
table=$shape; [[ $shape == keys ]] && table=tokens
csv=$work/$shape-$rows.csv
[[ -s $csv ]] || java -cp target/test-classes io.rowlift.testsupport.GenCsv "$shape" "$rows" > "$csv"
db=rowlift_bench_cluster
url=jdbc:mysql://127.0.0.1:3306/$db
queue=rowlift.bench.$$
my() { mariadb -h 127.0.0.1 -P 3306 -u root "$@"; }
server_pid=$(pgrep -x mariadbd || pgrep -x mysqld) || { echo "no mariadbd or mysqld running here"; exit 2; }
ticks=$(getconf CLK_TCK)
cpu_of() { # cpu_of PID -> CPU seconds (user + system) the process has used so far
    awk -v t="$ticks" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat"
}
settle() {
    sync
    for _ in $(seq 1 60); do
        [[ $(my -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | cut -f2) -lt 64 ]] && break
        sleep 1
    done
    sync
}
fresh_table() {
    my -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
    my "$db" -e "$(sed -n "/^CREATE TABLE $table /,/;/p" "$migrations/mysql/V1__bench_tables.sql")"
}
common=(--spring.profiles.active=mysql --spring.datasource.url=$url --spring.datasource.username=root --spring.datasource.password=
    --spring.flyway.enabled=false --spring.rabbitmq.host=127.0.0.1 --spring.rabbitmq.port=5672)
cols=$(head -1 "$csv" | tr -d '\r')
digest="SELECT COUNT(*), SUM(CRC32(CONCAT_WS('|', $cols))) FROM $table"

fresh_table
settle
my --local-infile=1 "$db" -e "LOAD DATA LOCAL INFILE '$csv' INTO TABLE $table FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' LINES TERMINATED BY '\n' IGNORE 1 LINES ($cols)"
expected=$(my -N "$db" -e "$digest")
echo "$shape: $rows rows, $(( $(stat -c %s "$csv") / 1000000 )) MB; $(nproc) cores; commit $(git rev-parse --short HEAD);" \
    "$partitions partitions for the manager, $worker_threads threads per worker; $repeat rounds"

workers=()
stop_workers() {
    for pid in "${workers[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${workers[@]}"; do wait "$pid" 2>/dev/null || true; done
    workers=()
}
trap stop_workers EXIT
start_workers() { # start_workers N: N workers serving, each its log in $work/worker-K.log
    for k in $(seq 1 "$1"); do
        java -Xmx1g -jar "$jar" "${common[@]}" --rowlift.cluster.role=worker --rowlift.cluster.queue=$queue \
            --rowlift.job.threads=$worker_threads --management.server.port=-1 > "$work/worker-$k.log" 2>&1 &
        workers+=($!)
    done
    for k in $(seq 1 "$1"); do
        for _ in $(seq 1 120); do
            grep -q "serving partitions from queue" "$work/worker-$k.log" && break
            sleep 0.5
        done
        grep -q "serving partitions from queue" "$work/worker-$k.log" || { echo "worker $k did not start"; tail -5 "$work/worker-$k.log"; exit 1; }
    done
}

one() { # one LABEL WORKERS
    local label=$1 n=$2
    fresh_table
    local args=("${common[@]}" --rowlift.source.path="$csv" --rowlift.target.table="$table" --rowlift.report.progress=none)
    if [[ $n -gt 0 ]]; then
        start_workers "$n"
        args+=(--rowlift.cluster.role=manager --rowlift.cluster.queue=$queue --rowlift.job.partitions=$partitions)
    fi
    settle
    local before_server before_workers=()
    before_server=$(cpu_of "$server_pid")
    for pid in "${workers[@]}"; do before_workers+=("$(cpu_of "$pid")"); done
    /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" java -Xmx1g -jar "$jar" "${args[@]}" > "$work/cluster-run.log" 2>&1 \
        || { echo "$label failed"; tail -5 "$work/cluster-run.log"; exit 1; }
    read -r wall user sys kb < <(tail -1 "$work/time.txt")
    local server worker_cpu=""
    server=$(echo "$(cpu_of "$server_pid") - $before_server" | bc)
    for i in "${!workers[@]}"; do
        worker_cpu+=" $(echo "$(cpu_of "${workers[$i]}") - ${before_workers[$i]}" | bc)"
    done
    stop_workers
    local got
    got=$(my -N "$db" -e "$digest")
    printf "  %-10s %8.2f s %10.0f rows/s   cpu s: %s %6.2f, workers%s, server %6.2f   %s\n" "$label" "$wall" \
        "$(echo "$rows / $wall" | bc -l)" "$([[ $n -gt 0 ]] && echo manager || echo local)" "$(echo "$user + $sys" | bc)" \
        "${worker_cpu:- none}" "$server" "$([[ $got == "$expected" ]] && echo "table equal to LOAD DATA's" || echo "TABLE DIFFERS: $got vs $expected")"
    grep "^rowlift: run .* completed" "$work/cluster-run.log" | sed 's/^/      /' || true
}

for _ in $(seq 1 "$repeat"); do
    one local 0
    one "1 worker" 1
    one "2 workers" 2
done
