-- Written by rowlift infer from ints.csv: 3,000 records, 101,323 bytes of data, every value read (MySQL/MariaDB).
-- Load it with: rowlift load --rowlift.source.path=ints.csv --rowlift.target.table=ints
-- Dates and timestamps, if any, are ISO-8601 (the loader's default): no format setting needed.
-- Key: no id-like column (id, key, uuid, *_id, *Id, *_key): no primary key
-- VARCHAR lengths: the longest value seen plus 25 %, rounded up to a multiple of 8.
CREATE TABLE `ints` (
    -- value_1: 3,000 values, none empty; integers 2,515,437,312,161..9,998,697,596,807,145 -> BIGINT UNSIGNED (the smallest that holds them, none negative)
    `value_1` BIGINT UNSIGNED NOT NULL,
    -- value_2: 3,000 values, none empty; integers 250,121,863,879..9,997,216,023,864,157 -> BIGINT UNSIGNED (the smallest that holds them, none negative)
    `value_2` BIGINT UNSIGNED NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
