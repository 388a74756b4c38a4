#!/usr/bin/env bash
# The goal table of the speed issue (#14) from one or more bench/goals.sh logs, in Markdown: each row's
# anchor, each launcher's time, ratio and peak RSS (a range when several logs are given: the same rows
# measured again), the goal, and whether every measurement meets it.
#   bench/goals-table.sh LOG [LOG...]
# bench/goals.sh calls it at its end and appends the table to docs/benchmarks.md.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: bench/goals-table.sh LOG [LOG...]" >&2; exit 2; }
awk '
function rng(lo, hi, fmt) { return (lo == hi) ? sprintf(fmt, lo) : sprintf(fmt "-" fmt, lo, hi) }
function add(k, v) { # min and max of the values under key k
    if (!(k in lo) || v + 0 < lo[k] + 0) lo[k] = v
    if (!(k in hi) || v + 0 > hi[k] + 0) hi[k] = v
}
# a label is BUILD:jar or BUILD:bin (ROWLIFT_LAUNCH=both), or BUILD alone, launched as the header of its row says
function launcher(label) { return label ~ /:bin$/ || (label !~ /:jar$/ && mode == "bin") ? "`bin/rowlift`" : "`java -jar`" }
function build(label) { sub(/:(jar|bin)$/, "", label); return label }
function goal(shape, target) {
    if (shape == "ints" && target == "SQLite") return 0.75
    if (shape == "wide") return 0.90
    if (shape == "keys") return 1.20
    if (shape == "docs") return target == "SQLite" ? 0.70 : 0.90
    return 0
}
/^goals at commit / { commits = commits (commits ? ", " : "") $4; sub(/,$/, "", commits) }
/^[a-z]+: [0-9]+ rows, [0-9]+ MB; / {
    shape = $1; sub(/:$/, "", shape); rows = $2; mode = $0 ~ /; launcher bin/ ? "bin" : "jar"
    opts = $0; sub(/.*; launcher [a-z]+ ?/, "", opts); sub(/, options:.*/, "", opts); sub(/ +$/, "", opts)
    next
}
/^SQLite$/ { target = "SQLite"; next }
/^MySQL\/MariaDB$/ { target = "MariaDB"; next }
/^  (sqlite3 CLI|LOAD DATA) / {
    row = shape "|" rows "|" opts "|" target
    if (!(row in seen)) { seen[row] = 1; order[++n] = row }
    add(row "|anchor", $(NF - 8) + 0)
    next
}
/^  [^ ]+ +[0-9.]+ s +[0-9]+ rows\/s/ && target != "" {
    label = $1; row = shape "|" rows "|" opts "|" target
    if (!((row "|" label) in lab)) { lab[row "|" label] = 1; labels[row] = labels[row] " " label }
    add(row "|" label "|s", $2); add(row "|" label "|mb", $(NF - 2))
    if (!(FILENAME in fseen)) { fseen[FILENAME] = 1; files[++nf] = FILENAME }
    launch[row "|" label] = launcher(label); per[FILENAME "|" row "|" label "|s"] = $2
    next
}
/^  ratio / {
    for (i = 4; i <= NF; i++) if ($i ~ /^[0-9.]+$/) { add(row "|" $2 "|ratio", $i); per[FILENAME "|" row "|" $2 "|ratio"] = $i; break }
    next
}
/^start-up: / { target = ""; next }
/^  [^ ]+ +[^ ]+ +round [0-9]+: / {
    l = $1 " " ($2 ~ /\.jar$/ ? "`java -jar`" : "`bin/rowlift`")
    if (!((l) in startseen)) { startseen[l] = 1; starts[++ns] = l }
    add("start|" l "|s", $5); add("start|" l "|mb", $7)
    next
}
END {
    print "Commit(s) " commits "; each cell: seconds, ratio to the anchor of the same run, peak RSS (ranges over the runs)."
    print ""
    print "| row | into | goal | anchor | launcher | time, ratio, peak RSS | goal met |"
    print "|---|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) {
        split(order[i], f, "|"); g = goal(f[1], f[4])
        name = f[1] " " (f[2] >= 1000000 ? f[2] / 1000000 "M" : f[2]) (f[3] != "" ? " (" f[3] ")" : "")
        split(substr(labels[order[i]], 2), ls, " ")
        for (j = 1; j in ls; j++) {
            k = order[i] "|" ls[j]
            met = (hi[k "|ratio"] + 0 <= g) ? "yes" : "no"
            if (f[3] == "" && launch[k] == "`java -jar`") { jarrows++; if (hi[k "|mb"] + 0 >= 600) { met = met ", RSS no"; rssno++ } }
            printf "| %s | %s | <= %.2f | %s s | %s%s | %s s, %sx, %s MB | %s |\n", name, f[4], g,
                rng(lo[order[i] "|anchor"], hi[order[i] "|anchor"], "%.2f"), launch[k] (f[3] != "" ? " " f[3] : ""),
                (build(ls[j]) != "Rowlift" ? " (" build(ls[j]) ")" : ""),
                rng(lo[k "|s"], hi[k "|s"], "%.2f"), rng(lo[k "|ratio"], hi[k "|ratio"], "%.2f"),
                rng(lo[k "|mb"], hi[k "|mb"], "%.0f"), met
        }
    }
    for (i = 1; i <= ns; i++) {
        k = "start|" starts[i]; g = starts[i] ~ /java -jar/ ? 2.0 : 1.0
        printf "| 10-row file | SQLite | <= %.1f s | - | %s | %s s, %s MB | %s |\n", g, starts[i],
            rng(lo[k "|s"], hi[k "|s"], "%.2f"), rng(lo[k "|mb"], hi[k "|mb"], "%.0f"), (hi[k "|s"] + 0 <= g ? "yes" : "no")
    }
    print ""
    print "Launchers side by side (the issue: `java -jar` with the default heap, `java -Xmx512m -jar` and `bin/rowlift` within"
    print "10 % of each other): `java -jar` against `bin/rowlift` in the same run (time / time), `-Xmx512m` (its own run and"
    print "anchor) against `bin/rowlift` as ratio / ratio; one figure per goal run."
    print ""
    print "| row | into | build | `java -jar` / `bin/rowlift` | `java -Xmx512m -jar` / `bin/rowlift` | within 10 % |"
    print "|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) {
        split(order[i], f, "|"); if (f[3] != "") continue
        x = f[1] "|" f[2] "|-Xmx512m|" f[4]
        split(substr(labels[order[i]], 2), ls, " ")
        for (j = 1; j in ls; j++) { # one line per build that ran with bin/rowlift
            if (launch[order[i] "|" ls[j]] != "`bin/rowlift`") continue
            bin = ls[j]; b0 = build(bin); c1 = c2 = ""; ok = ""
            for (m = 1; m <= nf; m++) {
                a = per[files[m] "|" order[i] "|" b0 ":jar|s"]; b = per[files[m] "|" order[i] "|" bin "|s"]
                if (a != "" && b != "") { c1 = c1 (c1 ? ", " : "") sprintf("%.2f", a / b); ok = (ok == "no" || a / b > 1.10 || b / a > 1.10) ? "no" : "yes" }
                a = per[files[m] "|" x "|" b0 "|ratio"]; b = per[files[m] "|" order[i] "|" bin "|ratio"]
                if (a != "" && b != "") { c2 = c2 (c2 ? ", " : "") sprintf("%.2f", a / b); ok = (ok == "no" || a / b > 1.10 || b / a > 1.10) ? "no" : "yes" }
            }
            printf "| %s %s | %s | %s | %s | %s | %s |\n", f[1], (f[2] >= 1000000 ? f[2] / 1000000 "M" : f[2]), f[4], b0,
                (c1 ? c1 : "-"), (c2 ? c2 : "-"), (ok ? ok : "-")
        }
    }
    print ""
    print "Peak RSS goal (every row under 600 MB with `java -jar` and the JVM'"'"'s default heap): " \
        (rssno ? "not met on " rssno " row(s) marked \"RSS no\"." : jarrows ? "met." : "no such row measured.")
}' "$@"
