#!/usr/bin/env bash
# The benchmark: Rowlift against the loaders a user would pick instead, on the same file, machine and
# run, with the loaded tables checked equal. Self-contained: its own generator (GenCsv, byte-identical
# to the benchmark kit's gencsv.c) and the tables of src/test/resources/db/migration.
#
#   bench/run.sh SHAPE ROWS [TARGETS] [-- ROWLIFT OPTIONS...]
#     SHAPE    ints | wide | docs | keys      (table ints | wide | docs | tokens)
#     TARGETS  sqlite,mysql (default both)
#   e.g. bench/run.sh ints 3000000
#        bench/run.sh wide 1000000 mysql -- --rowlift.job.partitions=4
#   ANCHOR_PAGE_SIZE (default 4096, the sqlite3 CLI's own) and ROWLIFT_PAGE_SIZE (default: what Rowlift
#   chooses for a database file it creates from this input) set the page size of the two SQLite files.
#   ROWLIFT_LAUNCH=bin (default: bin/rowlift, the fast-start launcher, warmed up before timing), jar
#   (java -jar target/rowlift.jar, the JVM's default heap) or both (each variant twice, labelled
#   LABEL:jar and LABEL:bin, beside one anchor run); JAVA_OPTS for Rowlift's JVM (e.g. JAVA_OPTS=-Xmx512m).
#   ROWLIFT_VARIANTS: several Rowlift runs beside one anchor run, each on a fresh table, e.g. to compare
#   two builds or two pipelines in one sitting: "LABEL JAR [OPTION...];LABEL JAR [OPTION...]", e.g.
#   ROWLIFT_VARIANTS="before /tmp/old.jar;after target/rowlift.jar" or
#   ROWLIFT_VARIANTS="fast target/rowlift.jar;spring target/rowlift.jar --rowlift.job.pipeline=spring".
#   Default: one variant, "Rowlift target/rowlift.jar". BEFORE=<commit-ish> (a commit, tag or branch: the last
#   landing, e.g. BEFORE=02cb32f) adds a variant "before-<commit>" first, that commit's jar, built once in a temporary
#   worktree and cached by commit hash (bench/before-jar.sh), and prints each variant's ratio to it as well. A variant that names its own
#   --rowlift.source.path (e.g. the same rows gzipped, zstd-compressed or as JSON Lines: bench/inputs.sh) reads that
#   file instead of the generated CSV; the tables are still checked equal to the anchor's.
#
# Run from the project's root after `mvn -B -DskipTests package test-compile`. Needs sqlite3, the
# mariadb (or mysql) client and a MySQL-compatible server at 127.0.0.1:3306 (root, no password).
# Per target it runs the anchor (sqlite3 .import + CREATE INDEX with journal and sync off; one
# LOAD DATA LOCAL INFILE into the table with its indexes), then Rowlift, each end to end (JVM start
# included), and prints seconds, rows/s, MB/s, peak RSS and the ratio Rowlift / anchor, after
# checking that both tables hold the same rows. Scratch files go to ${TMPDIR:-/tmp}/rowlift-bench.
# Every timed run starts settled: `sync`, and on MySQL the server's dirty pages flushed, so that no run
# pays for writing the previous one's data (the anchors write with sync off and leave gigabytes behind).
# Both sides start from an empty table made beforehand, outside the timing, from the same migration
# (Rowlift's with its secondary indexes, which it drops and rebuilds; Flyway off): what is timed is
# the load, not the DDL. Rowlift's own tables (Spring Batch's) are made inside its timed run.
# keys: the anchors get the file pre-sorted by key (sort(1), outside the timing), Rowlift the file as
# generated, in random key order: the issue's goal row.
set -euo pipefail
shape=${1:?shape}; rows=${2:?rows}; shift 2
targets=sqlite,mysql
if [[ $# -gt 0 && $1 != -- ]]; then targets=$1; shift; fi
[[ ${1:-} == -- ]] && shift
options=("$@")
root=$(pwd); work=${TMPDIR:-/tmp}/rowlift-bench; mkdir -p "$work"
jar=$root/target/rowlift.jar; migrations=$root/src/test/resources/db/migration
[[ -f $jar && -d target/test-classes ]] || { echo "run mvn -B -DskipTests package test-compile first"; exit 2; }
table=$shape; [[ $shape == keys ]] && table=tokens
csv=$work/$shape-$rows.csv
[[ -s $csv ]] || java -cp target/test-classes io.rowlift.testsupport.GenCsv "$shape" "$rows" > "$csv"
bytes=$(stat -c %s "$csv")
anchor_csv=$csv
if [[ $shape == keys ]]; then
    anchor_csv=$work/$shape-$rows-sorted.csv
    [[ -s $anchor_csv ]] || { head -1 "$csv"; tail -n +2 "$csv" | LC_ALL=C sort -t, -k1,1 -S 2G; } > "$anchor_csv"
fi
read -r -a jvm <<<"${JAVA_OPTS:-}"
IFS=';' read -r -a variants <<<"${ROWLIFT_VARIANTS:-Rowlift $jar}"
before=""
if [[ -n ${BEFORE:-} ]]; then # the last landing's jar, first, beside every variant and the same anchor run
    before_jar=$("$root/bench/before-jar.sh" "$BEFORE")
    before=before-$(git rev-parse --short "$BEFORE^{commit}")
    variants=("$before $before_jar" "${variants[@]}")
fi
if [[ ${ROWLIFT_LAUNCH:-bin} == both ]]; then # every variant with each launcher
    both=()
    for variant in "${variants[@]}"; do
        read -r label rest <<<"$variant"
        both+=("$label:jar $rest" "$label:bin $rest")
    done
    variants=("${both[@]}")
fi
launch_of() { # launch_of LABEL -> bin or jar
    case $1 in
        *:jar) echo jar ;;
        *:bin) echo bin ;;
        *) [[ ${ROWLIFT_LAUNCH:-bin} == jar ]] && echo jar || echo bin ;;
    esac
}
launcher() { # launcher JAR [LABEL] -> the command that starts Rowlift from JAR, in the array "rowlift"
    if [[ $(launch_of "${2:-}") == bin ]]; then
        rowlift=(env ROWLIFT_JAR="$1" "$root/bin/rowlift")
    else
        rowlift=(java "${jvm[@]}" -jar "$1")
    fi
}
for variant in "${variants[@]}"; do # first use of each jar by the launcher (unpack + train), untimed
    read -r -a v <<<"$variant"; [[ -f ${v[1]} ]] || { echo "no jar ${v[1]} (variant ${v[0]})"; exit 2; }
    [[ $(launch_of "${v[0]}") == bin ]] && { ROWLIFT_JAR="${v[1]}" JAVA_OPTS=${JAVA_OPTS:-} "$root/bin/rowlift" --rowlift.source.path=/nonexistent >/dev/null 2>&1 || true; }
done
launcher "$jar"
source_option() { # source_option VARIANT_OPTIONS... -> the generated file, unless the variant names its own source
    local o; for o in "$@"; do [[ $o == --rowlift.source.path=* ]] && return 0; done
    echo "--rowlift.source.path=$csv"
}
cols=$(head -1 "$csv" | tr -d '\r')
my() { mariadb -h 127.0.0.1 -P 3306 -u root "$@"; }
settle() { # untimed, before every timed run: the previous run's writes reach the disk first
    sync
    if [[ ${1:-} == mysql ]]; then # and the server's dirty pages (up to a minute), which it would write while the next run is timed
        for _ in $(seq 1 60); do
            [[ $(my -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | cut -f2) -lt 64 ]] && break
            sleep 1
        done
        sync
    fi
}
timed() { # timed LOG command... -> "seconds peakKB exit"
    local log=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" > "$log" 2>&1 && rc=0 || rc=$?
    echo "$(cat "$work/time.txt" | tail -1) $rc"
}
declare -A took=() # seconds per variant label, for the ratios to the before build
versus_before() { # one line per variant: its time over the before build's with the same launcher (not "ratio ...":
    # bench/goals-table.sh reads those as ratios to the anchor)
    [[ -n $before ]] || return 0
    local label base
    for label in "${!took[@]}"; do
        base=${label%:jar}; base=${base%:bin}; [[ $base == "$before" ]] && continue
        local mine=$before; [[ $label == *:jar ]] && mine=$before:jar; [[ $label == *:bin ]] && mine=$before:bin
        [[ -n ${took[$mine]:-} ]] && printf "  %-28s %8.2f\n" "$label / $mine" "$(echo "${took[$label]} / ${took[$mine]}" | bc -l)"
    done
    took=()
}
report() { # report NAME SECONDS PEAK_KB
    printf "  %-28s %8.2f s %12.0f rows/s %8.1f MB/s %8.0f MB RSS\n" "$1" "$2" "$(echo "$rows / $2" | bc -l)" \
        "$(echo "$bytes / 1000000 / $2" | bc -l)" "$(echo "$3 / 1024" | bc -l)"
}
sqlite_ddl() { # the table without its secondary indexes | the indexes
    local file=$migrations/sqlite/V1__bench_tables.sql
    if [[ $table == ints ]]; then # as the kit's anchor: the file has no id column for .import to fill
        echo -n "CREATE TABLE ints (value_1 INTEGER NOT NULL, value_2 INTEGER NOT NULL);"
    else
        sed -n "/^CREATE TABLE $table /,/;/p" "$file" | tr '\n' ' '
    fi
    echo -n "|"
    grep -E "^CREATE (UNIQUE )?INDEX .* ON $table " "$file" | tr '\n' ' '
    echo
}
echo "$shape: $rows rows, $(echo "$bytes / 1000000" | bc) MB; $(nproc) cores; commit $(git rev-parse --short HEAD)${before:+ beside $before}; launcher ${ROWLIFT_LAUNCH:-bin} ${JAVA_OPTS:-}, options: ${options[*]:-(defaults)}"

if [[ $targets == *sqlite* ]]; then
    rm -f "$work"/anchor.db* "$work"/rowlift.db*
    IFS='|' read -r ddl indexes <<<"$(sqlite_ddl)"
    settle
    read -r a_s a_kb a_rc <<<"$(timed "$work/anchor-sqlite.log" sqlite3 "$work/anchor.db" "PRAGMA page_size=${ANCHOR_PAGE_SIZE:-4096};" \
        "PRAGMA journal_mode=OFF;" "PRAGMA synchronous=OFF;" \
        "$ddl" ".import --csv --skip 1 $anchor_csv $table" "$indexes")"
    [[ $a_rc == 0 ]] || { echo "sqlite3 anchor failed"; cat "$work/anchor-sqlite.log"; exit 1; }
    # made as Rowlift makes a new database file: unless rowlift.target.page-size is set, 65536-byte pages
    # for records of 64 bytes or more on average in the first MiB, else 4096 (PageSizeChoice)
    sample_ends=$(head -c 1048576 "$csv" | tr -cd '\n' | wc -c)
    rowlift_page=$(( $(head -c 1048576 "$csv" | wc -c) / (sample_ends > 0 ? sample_ends : 1) >= 64 ? 65536 : 4096 ))
    # both tables dumped in the same order and hashed (an index on all the columns makes the order cheap)
    a_sum=$(sqlite3 -csv "$work/anchor.db" "SELECT $cols FROM $table ORDER BY $cols" | md5sum | cut -d' ' -f1)
    echo "SQLite"
    report "sqlite3 CLI" "$a_s" "$a_kb"
    for variant in "${variants[@]}"; do
        read -r -a v <<<"$variant"; label=${v[0]}; launcher "${v[1]}" "$label"
        rm -f "$work"/rowlift.db*
        sqlite3 "$work/rowlift.db" "PRAGMA page_size=${ROWLIFT_PAGE_SIZE:-$rowlift_page};" \
            "$(sed -n "/^CREATE TABLE $table /,/;/p" "$migrations/sqlite/V1__bench_tables.sql")" "$indexes"
        settle
        read -r r_s r_kb r_rc <<<"$(timed "$work/rowlift-sqlite.log" "${rowlift[@]}" --spring.datasource.url="jdbc:sqlite:$work/rowlift.db" \
            --spring.flyway.enabled=false $(source_option "${v[@]:2}") --rowlift.target.table="$table" "${options[@]}" "${v[@]:2}")"
        [[ $r_rc == 0 ]] || { echo "Rowlift ($label) failed"; tail -5 "$work/rowlift-sqlite.log"; exit 1; }
        r_sum=$(sqlite3 -csv "$work/rowlift.db" "SELECT $cols FROM $table ORDER BY $cols" | md5sum | cut -d' ' -f1)
        report "$label" "$r_s" "$r_kb"; took[$label]=$r_s
        printf "  %-28s %8.2f   (%s)\n" "ratio $label / sqlite3" "$(echo "$r_s / $a_s" | bc -l)" \
            "$([[ $a_sum == "$r_sum" ]] && echo "tables equal: md5 of both sorted dumps" || echo "TABLES DIFFER: md5 $a_sum vs $r_sum")"
        echo "  $(tail -1 "$work/rowlift-sqlite.log")"
        echo "  page size: sqlite3 CLI $(sqlite3 "$work/anchor.db" "PRAGMA page_size"), $label $(sqlite3 "$work/rowlift.db" "PRAGMA page_size")"
    done
    versus_before
fi

if [[ $targets == *mysql* ]]; then
    my -e "DROP DATABASE IF EXISTS rowlift_bench_anchor; CREATE DATABASE rowlift_bench_anchor;
           DROP DATABASE IF EXISTS rowlift_bench_rowlift; CREATE DATABASE rowlift_bench_rowlift"
    my rowlift_bench_anchor -e "$(sed -n "/^CREATE TABLE $table /,/;/p" "$migrations/mysql/V1__bench_tables.sql")"
    settle mysql
    read -r a_s a_kb a_rc <<<"$(timed "$work/anchor-mysql.log" mariadb --local-infile=1 -h 127.0.0.1 -P 3306 -u root rowlift_bench_anchor -e \
        "LOAD DATA LOCAL INFILE '$anchor_csv' INTO TABLE $table CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES TERMINATED BY '\n' IGNORE 1 LINES ($cols)")"
    [[ $a_rc == 0 ]] || { echo "LOAD DATA anchor failed"; cat "$work/anchor-mysql.log"; exit 1; }
    # LOAD DATA with ENCLOSED BY reads an unquoted field NULL as SQL NULL; Rowlift (the contract) stores the text NULL.
    # Both are read as the text here (item 5's 5M delta, GenCsv wide 5000000 7 with ids + 2,500,000, has one: id 5567746)
    nulls_as_text=$(echo "$cols" | tr ',' '\n' | sed "s/.*/COALESCE(\`&\`, 'NULL')/" | paste -sd,)
    digest="SELECT COUNT(*), SUM(CRC32(CONCAT_WS('|', $nulls_as_text))) FROM $table"
    a_d=$(my -N rowlift_bench_anchor -e "$digest")
    echo "MySQL/MariaDB"
    report "LOAD DATA" "$a_s" "$a_kb"
    for variant in "${variants[@]}"; do
        read -r -a v <<<"$variant"; label=${v[0]}; launcher "${v[1]}" "$label"
        my -e "DROP DATABASE IF EXISTS rowlift_bench_rowlift; CREATE DATABASE rowlift_bench_rowlift"
        my rowlift_bench_rowlift -e "$(sed -n "/^CREATE TABLE $table /,/;/p" "$migrations/mysql/V1__bench_tables.sql")"
        settle mysql
        read -r r_s r_kb r_rc <<<"$(timed "$work/rowlift-mysql.log" "${rowlift[@]}" --spring.profiles.active=mysql \
            --spring.datasource.url=jdbc:mysql://127.0.0.1:3306/rowlift_bench_rowlift --spring.datasource.username=root --spring.datasource.password= \
            --spring.flyway.enabled=false $(source_option "${v[@]:2}") --rowlift.target.table="$table" "${options[@]}" "${v[@]:2}")"
        [[ $r_rc == 0 ]] || { echo "Rowlift ($label) failed"; tail -5 "$work/rowlift-mysql.log"; exit 1; }
        r_d=$(my -N rowlift_bench_rowlift -e "$digest")
        report "$label" "$r_s" "$r_kb"; took[$label]=$r_s
        printf "  %-28s %8.2f   (%s)\n" "ratio $label / LOAD DATA" "$(echo "$r_s / $a_s" | bc -l)" \
            "$([[ $a_d == "$r_d" ]] && echo "tables equal: count and CRC32 sum" || echo "TABLES DIFFER: $a_d vs $r_d")"
        echo "  $(tail -1 "$work/rowlift-mysql.log")"
    done
    versus_before
fi
