-- Written by rowlift infer from tricky.csv: 5 records, 578 bytes of data, every value read (MySQL/MariaDB).
-- Load it with: rowlift load --rowlift.source.path=tricky.csv --rowlift.target.table=tricky --rowlift.source.date-format=dd/MM/uuuu
-- Key: id: unique, exact: all 5 values sorted in memory and compared
-- VARCHAR lengths: the longest value seen plus 25 %, rounded up to a multiple of 8.
CREATE TABLE `tricky` (
    -- id: 5 values, none empty; integers 1..5 -> TINYINT UNSIGNED (the smallest that holds them, none negative); the primary key
    `id` TINYINT UNSIGNED NOT NULL PRIMARY KEY,
    -- select: 4 values, 1 empty; text: 'a' is no number, boolean, date or time; longest 11 characters (11 bytes) -> VARCHAR(16)
    `select` VARCHAR(16),
    -- first name: 5 values, none empty; text: 'Ann' is no number, boolean, date or time; longest 7 characters (11 bytes) -> VARCHAR(16)
    `first name` VARCHAR(16) NOT NULL,
    -- größe: 4 values, 1 empty; decimals with up to 1 digit(s) before the point and 2 after it -> DECIMAL(3,2) (the digits seen)
    `größe` DECIMAL(3,2),
    -- Straße Nr: 4 values, 1 empty; text: '12a' is no number, boolean, date or time; longest 3 characters (3 bytes) -> VARCHAR(8)
    `Straße Nr` VARCHAR(8),
    -- code: 5 values, none empty; text: leading zeros (codes keep them), and '007'; longest 4 characters (4 bytes) -> VARCHAR(8)
    `code` VARCHAR(8) NOT NULL,
    -- amount: 5 values, none empty; decimals with up to 3 digit(s) before the point and 2 after it -> DECIMAL(5,2) (the digits seen)
    `amount` DECIMAL(5,2) NOT NULL,
    -- ratio: 4 values, 1 empty; numbers with an exponent (as 1.5e3) -> DOUBLE
    `ratio` DOUBLE,
    -- flag: 4 values, 1 empty; all true/false, yes/no, t/f, y/n or 1/0 -> BOOLEAN (TINYINT(1), stored as 1/0)
    `flag` BOOLEAN,
    -- born: 4 values, 1 empty; dates, all in dd/MM/uuuu -> DATE
    `born` DATE,
    -- seen: 4 values, 1 empty; ISO-8601 times, up to 1 fraction digits -> TIME(1)
    `seen` TIME(1),
    -- at: 4 values, 1 empty; timestamps, all in ISO-8601, up to 6 fraction digits -> DATETIME(6) (no time zone: loaded as read, offsets converted)
    `at` DATETIME(6),
    -- mixed: 4 values, 1 empty; text: 'abc' is no number, boolean, date or time; longest 3 characters (3 bytes) -> VARCHAR(8)
    `mixed` VARCHAR(8),
    -- note: 4 values, 1 empty (1 of them quoted ""); text: 'line one?line two' is no number, boolean, date or time; longest 17 characters (17 bytes) -> VARCHAR(24)
    `note` VARCHAR(24) NOT NULL,
    -- nothing: 0 values, 5 empty; no value to type; longest 0 characters (0 bytes) -> TEXT (no value to size it by)
    `nothing` TEXT,
    -- big: 4 values, 1 empty; integers of up to 20 digits, beyond 64 bits, none negative, at most 2^64-1 -> BIGINT UNSIGNED (beyond BIGINT, none negative, at most 2^64-1)
    `big` BIGINT UNSIGNED,
    -- huge: 4 values, 1 empty; integers of up to 25 digits, beyond 64 bits (beyond 2^64-1 or below -2^63) -> DECIMAL(25,0) (beyond 64 bits)
    `huge` DECIMAL(25,0),
    -- two_dates: 3 values, 2 empty; text: no single type holds every value ('31/01/2024' has another type than the values before it); longest 10 characters (10 bytes) -> VARCHAR(16)
    `two_dates` VARCHAR(16),
    -- bits: 4 values, 1 empty; integers 0..1 (only 0 and 1: a BOOLEAN column would load them too) -> TINYINT UNSIGNED (the smallest that holds them, none negative)
    `bits` TINYINT UNSIGNED
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
