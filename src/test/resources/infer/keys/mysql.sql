-- Written by rowlift infer from keys.csv: 500 records, 53,000 bytes of data, every value read (MySQL/MariaDB).
-- Load it with: rowlift load --rowlift.source.path=keys.csv --rowlift.target.table=keys
-- Dates and timestamps, if any, are ISO-8601 (the loader's default): no format setting needed.
-- Key: id: unique, exact: all 500 values sorted in memory and compared
-- VARCHAR lengths: the longest value seen plus 25 %, rounded up to a multiple of 8.
CREATE TABLE `keys` (
    -- id: 500 values, none empty; text: 'e2c4251dd7627903de241341eeb5027d50a12b29' is no number, boolean, date or time; longest 40 characters (40 bytes) -> VARCHAR(56) COLLATE utf8mb4_bin; the primary key
    `id` VARCHAR(56) COLLATE utf8mb4_bin NOT NULL PRIMARY KEY,
    -- data: 500 values, none empty; text: 'd61f3ef9e2c7de6aad66d2b9fee9e54a45271d0b...' is no number, boolean, date or time; longest 64 characters (64 bytes) -> VARCHAR(80)
    `data` VARCHAR(80) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
