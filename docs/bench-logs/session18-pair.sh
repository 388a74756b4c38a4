#!/bin/bash
# pair.sh SHAPE ROWS TARGETS ROUNDS : before (wt-before, its launcher and jar) then after (main), each beside its own anchor run
for r in $(seq 1 $4); do
  for side in before after; do
    dir=/work/main; [[ $side == before ]] && dir=/work/wt-before
    echo "== round $r $side ($(cd $dir && git rev-parse --short HEAD)) $(date -u +%T) $(uptime | sed 's/.*average: //')"
    (cd $dir && flock -x /tmp/rowlift-quiet.lock env ROWLIFT_VARIANTS="$side $dir/target/rowlift.jar" bench/run.sh $1 $2 $3 2>&1 | grep -v -i "progress")
  done
done
