-- Written by rowlift infer from tricky.csv: 5 records, 578 bytes of data, every value read (SQLite).
-- Load it with: rowlift load --rowlift.source.path=tricky.csv --rowlift.target.table=tricky --rowlift.source.date-format=dd/MM/uuuu
-- Key: id: unique, exact: all 5 values sorted in memory and compared
-- VARCHAR lengths: the longest value seen plus 25 %, rounded up to a multiple of 8.
CREATE TABLE "tricky" (
    -- id: 5 values, none empty; integers 1..5 -> INTEGER (SQLite's 64-bit integer); the primary key
    "id" INTEGER NOT NULL PRIMARY KEY,
    -- select: 4 values, 1 empty; text: 'a' is no number, boolean, date or time; longest 11 characters (11 bytes) -> VARCHAR(16) (not enforced by SQLite)
    "select" VARCHAR(16),
    -- first name: 5 values, none empty; text: 'Ann' is no number, boolean, date or time; longest 7 characters (11 bytes) -> VARCHAR(16) (not enforced by SQLite)
    "first name" VARCHAR(16) NOT NULL,
    -- größe: 4 values, 1 empty; decimals with up to 1 digit(s) before the point and 2 after it -> DECIMAL(3,2) (the digits seen)
    "größe" DECIMAL(3,2),
    -- Straße Nr: 4 values, 1 empty; text: '12a' is no number, boolean, date or time; longest 3 characters (3 bytes) -> VARCHAR(8) (not enforced by SQLite)
    "Straße Nr" VARCHAR(8),
    -- code: 5 values, none empty; text: leading zeros (codes keep them), and '007'; longest 4 characters (4 bytes) -> VARCHAR(8) (not enforced by SQLite)
    "code" VARCHAR(8) NOT NULL,
    -- amount: 5 values, none empty; decimals with up to 3 digit(s) before the point and 2 after it -> DECIMAL(5,2) (the digits seen)
    "amount" DECIMAL(5,2) NOT NULL,
    -- ratio: 4 values, 1 empty; numbers with an exponent (as 1.5e3) -> REAL (a double)
    "ratio" REAL,
    -- flag: 4 values, 1 empty; all true/false, yes/no, t/f, y/n or 1/0 -> BOOLEAN (stored as 1/0)
    "flag" BOOLEAN,
    -- born: 4 values, 1 empty; dates, all in dd/MM/uuuu -> DATE (stored as ISO text)
    "born" DATE,
    -- seen: 4 values, 1 empty; ISO-8601 times, up to 1 fraction digits -> TIME (stored as ISO text)
    "seen" TIME,
    -- at: 4 values, 1 empty; timestamps, all in ISO-8601, up to 6 fraction digits -> DATETIME (stored as ISO text)
    "at" DATETIME,
    -- mixed: 4 values, 1 empty; text: 'abc' is no number, boolean, date or time; longest 3 characters (3 bytes) -> VARCHAR(8) (not enforced by SQLite)
    "mixed" VARCHAR(8),
    -- note: 4 values, 1 empty (1 of them quoted ""); text: 'line one?line two' is no number, boolean, date or time; longest 17 characters (17 bytes) -> VARCHAR(24) (not enforced by SQLite)
    "note" VARCHAR(24) NOT NULL,
    -- nothing: 0 values, 5 empty; no value to type; longest 0 characters (0 bytes) -> TEXT (no value to size it by)
    "nothing" TEXT,
    -- big: 4 values, 1 empty; integers of up to 20 digits, beyond 64 bits, none negative, at most 2^64-1 -> TEXT (beyond SQLite's 64-bit integers; text keeps every digit)
    "big" TEXT,
    -- huge: 4 values, 1 empty; integers of up to 25 digits, beyond 64 bits (beyond 2^64-1 or below -2^63) -> TEXT (beyond SQLite's 64-bit integers; text keeps every digit)
    "huge" TEXT,
    -- two_dates: 3 values, 2 empty; text: no single type holds every value ('31/01/2024' has another type than the values before it); longest 10 characters (10 bytes) -> VARCHAR(16) (not enforced by SQLite)
    "two_dates" VARCHAR(16),
    -- bits: 4 values, 1 empty; integers 0..1 (only 0 and 1: a BOOLEAN column would load them too) -> INTEGER (SQLite's 64-bit integer)
    "bits" INTEGER
);
