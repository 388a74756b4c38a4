#!/usr/bin/env bash
# The jar of an earlier build, for a `before` run beside the current jar (bench/run.sh and bench/goals.sh with
# BEFORE=<commit-ish>): builds the commit once, in a temporary git worktree (`mvn -B -DskipTests package`, offline
# first, then online if that fails), keeps its target/rowlift.jar under
# ${ROWLIFT_BEFORE_CACHE:-~/.cache/rowlift-bench}/<full commit hash>/rowlift.jar, and prints that path. A cached jar
# is used as it is: a commit's sources never change. Build output goes to stderr; stdout is the path only.
#   bench/before-jar.sh 02cb32f        # a commit, a tag or a branch
set -euo pipefail
rev=${1:?usage: bench/before-jar.sh COMMIT-ISH}
commit=$(git rev-parse --verify --quiet "$rev^{commit}") || { echo "bench/before-jar.sh: $rev names no commit of this repository" >&2; exit 2; }
cache=${ROWLIFT_BEFORE_CACHE:-$HOME/.cache/rowlift-bench}/$commit
if [[ ! -s $cache/rowlift.jar ]]; then
    tree=$(mktemp -d "${TMPDIR:-/tmp}/rowlift-before-XXXXXX")
    trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"; git worktree prune' EXIT
    echo "building $rev ($commit) in $tree for the before jar" >&2
    git worktree add --detach --quiet "$tree" "$commit" >&2
    (cd "$tree" && { mvn -B -q -o -DskipTests package >&2 || mvn -B -q -DskipTests package >&2; })
    mkdir -p "$cache"
    cp "$tree/target/rowlift.jar" "$cache/rowlift.jar.tmp" && mv "$cache/rowlift.jar.tmp" "$cache/rowlift.jar"
fi
echo "$cache/rowlift.jar"
