-- Tables only the tests use.
-- plain: no key, so the same file can be loaded twice (reload).
CREATE TABLE plain (
    a INTEGER,
    b TEXT
);
-- required: NOT NULL columns without default.
CREATE TABLE required (
    id   INTEGER NOT NULL,
    name TEXT    NOT NULL,
    note TEXT
);
