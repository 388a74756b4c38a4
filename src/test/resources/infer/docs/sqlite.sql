-- Written by rowlift infer from docs.csv: 300 records, 317,662 bytes of data, every value read (SQLite).
-- Load it with: rowlift load --rowlift.source.path=docs.csv --rowlift.target.table=docs
-- Dates and timestamps, if any, are ISO-8601 (the loader's default): no format setting needed.
-- Key: id: unique, exact: all 300 values sorted in memory and compared
-- VARCHAR lengths: the longest value seen plus 25 %, rounded up to a multiple of 8.
CREATE TABLE "docs" (
    -- id: 300 values, none empty; integers 1..300 -> INTEGER (SQLite's 64-bit integer); the primary key
    "id" INTEGER NOT NULL PRIMARY KEY,
    -- text: 299 values, 1 empty (1 of them quoted ""); text: 'W",9,\7:iqcQ(M0BXGC95cp$_QA*R6s#\<B%mYmi...' is no number, boolean, date or time; longest 1,997 characters (1,997 bytes) -> VARCHAR(2504) (not enforced by SQLite)
    "text" VARCHAR(2504) NOT NULL,
    -- created_at: 300 values, none empty; integers 1,700,026,254..1,799,816,667 -> INTEGER (SQLite's 64-bit integer)
    "created_at" INTEGER NOT NULL
);
