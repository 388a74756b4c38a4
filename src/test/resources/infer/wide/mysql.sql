-- Written by rowlift infer from wide.csv: 500 records, 162,520 bytes of data, every value read (MySQL/MariaDB).
-- Load it with: rowlift load --rowlift.source.path=wide.csv --rowlift.target.table=wide
-- Dates and timestamps, if any, are ISO-8601 (the loader's default): no format setting needed.
-- Key: id: unique, exact: all 500 values sorted in memory and compared
-- VARCHAR lengths: the longest value seen plus 25 %, rounded up to a multiple of 8.
CREATE TABLE `wide` (
    -- id: 500 values, none empty; integers 1..500 -> SMALLINT UNSIGNED (the smallest that holds them, none negative); the primary key
    `id` SMALLINT UNSIGNED NOT NULL PRIMARY KEY,
    -- number: 500 values, none empty; integers 675,299,500..999,705,739,854 -> BIGINT UNSIGNED (the smallest that holds them, none negative)
    `number` BIGINT UNSIGNED NOT NULL,
    -- value1: 492 values, 8 empty (8 of them quoted ""); text: 'ka653' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value1` VARCHAR(80) NOT NULL,
    -- value2: 493 values, 7 empty (7 of them quoted ""); text: 'b9Wwptyt1oWk59eXOez5gSLRVsE7m5KFpkzTziRJ...' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value2` VARCHAR(80) NOT NULL,
    -- value3: 491 values, 9 empty (9 of them quoted ""); text: '5tS6t2xQeQVGPXF6jqFWYSNcqGPdReTg' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value3` VARCHAR(80) NOT NULL,
    -- value4: 491 values, 9 empty (9 of them quoted ""); text: 'xBMnVd5bkSQWFts5XqdU25cNe80g' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value4` VARCHAR(80) NOT NULL,
    -- value5: 491 values, 9 empty (9 of them quoted ""); text: 'IK7NOeGW57P82lFMgNe1kiomDb2FHc' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value5` VARCHAR(80) NOT NULL,
    -- value6: 489 values, 11 empty (11 of them quoted ""); text: 'H8zeXzaad74aMILktTWkNaOfNzym' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value6` VARCHAR(80) NOT NULL,
    -- value7: 494 values, 6 empty (6 of them quoted ""); text: 'iIutae3j8jSCYrLfgwbRC' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value7` VARCHAR(80) NOT NULL,
    -- value8: 496 values, 4 empty (4 of them quoted ""); text: '7iKgRJLkAreuLEqGWIzSIEMq7Jc3UsZlde4KM' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value8` VARCHAR(80) NOT NULL,
    -- value9: 495 values, 5 empty (5 of them quoted ""); text: 'iUl79J3sWMYERPyVrXwA3OM5Zla41' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value9` VARCHAR(80) NOT NULL,
    -- value10: 491 values, 9 empty (9 of them quoted ""); text: 'T1Mwpw14nCqGuddtlapCm1i0ftuxFW4D3gAfdwNR...' is no number, boolean, date or time; longest 60 characters (60 bytes) -> VARCHAR(80)
    `value10` VARCHAR(80) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
