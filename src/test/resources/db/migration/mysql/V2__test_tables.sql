-- Tables only the tests use.
-- plain: no key, so the same file can be loaded twice (reload).
CREATE TABLE plain (
    a BIGINT,
    b VARCHAR(100)
) ENGINE = InnoDB;
-- required: NOT NULL columns without default.
CREATE TABLE required (
    id   BIGINT       NOT NULL,
    name VARCHAR(100) NOT NULL,
    note VARCHAR(100)
) ENGINE = InnoDB;
