.mode csv
PRAGMA journal_mode=WAL;
CREATE TABLE src(id INTEGER, a INTEGER, b INTEGER);
.import /tmp/key-modes.csv src
CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL);
.timer on
-- half the keys there already (even ids)
INSERT INTO t SELECT * FROM src WHERE id % 2 = 0;
CREATE TABLE t0 AS SELECT * FROM t;
SELECT 'plain append of new keys (odd)';
BEGIN; INSERT INTO t SELECT * FROM src WHERE id % 2 = 1; ROLLBACK;
SELECT 'upsert, no counter';
BEGIN; INSERT INTO t SELECT * FROM src WHERE true ON CONFLICT(id) DO UPDATE SET a = excluded.a, b = excluded.b; ROLLBACK;
CREATE TEMP TABLE rowlift_inserted(n INTEGER NOT NULL); INSERT INTO rowlift_inserted VALUES (0);
CREATE TEMP TRIGGER c AFTER INSERT ON main.t BEGIN UPDATE rowlift_inserted SET n = n + 1; END;
SELECT 'upsert, insert-counting trigger';
BEGIN; INSERT INTO t SELECT * FROM src WHERE true ON CONFLICT(id) DO UPDATE SET a = excluded.a, b = excluded.b; SELECT n FROM rowlift_inserted; ROLLBACK;
SELECT 'ignore, insert-counting trigger';
BEGIN; INSERT INTO t SELECT * FROM src WHERE true ON CONFLICT(id) DO NOTHING; SELECT n FROM rowlift_inserted; ROLLBACK;
DROP TRIGGER c;
SELECT 'ignore, no counter';
BEGIN; INSERT INTO t SELECT * FROM src WHERE true ON CONFLICT(id) DO NOTHING; ROLLBACK;
