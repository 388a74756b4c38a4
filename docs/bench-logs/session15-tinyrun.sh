#!/bin/bash
# usage: tinyrun.sh JAR ; a two-row load into a fresh SQLite file
d=$(mktemp -d /tmp/tiny.XXXX)
printf "id,value_1,value_2\n1,2,3\n2,4,5\n" > $d/ints.csv
cd /work/main
ROWLIFT_JAR=$1 JAVA_OPTS="${JOPTS:-}" bin/rowlift --rowlift.source.path=$d/ints.csv --rowlift.target.table=ints \
  --spring.datasource.url=jdbc:sqlite:$d/t.db --spring.flyway.locations=filesystem:/work/main/src/test/resources/db/migration/sqlite > /tmp/tiny.out 2>&1
rc=$?
rm -rf $d
exit $rc
