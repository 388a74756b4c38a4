-- refusals: rows the database itself refuses one at a time, for the bisection tests (issue #24 item 4):
-- a primary key (a repeated id), a foreign key (parent not in refusal_parents; SQLite checks it with
-- foreign_keys=true in the URL), a CHECK (code 'bad') and a NOT NULL column (parent: an empty value
-- is NULL, which Rowlift's binder refuses before the database sees it).
CREATE TABLE refusal_parents (
    id INTEGER PRIMARY KEY
);

CREATE TABLE refusals (
    id     INTEGER PRIMARY KEY,
    parent INTEGER NOT NULL REFERENCES refusal_parents (id),
    code   TEXT CHECK (code IS NULL OR code <> 'bad'),
    name   TEXT NOT NULL
);

INSERT INTO refusal_parents (id) VALUES (1), (2), (3);

-- refusal_checks: the same without the foreign key, which mode replace cannot swap on MySQL.
CREATE TABLE refusal_checks (
    id     INTEGER PRIMARY KEY,
    parent INTEGER NOT NULL,
    code   TEXT CHECK (code IS NULL OR code <> 'bad'),
    name   TEXT NOT NULL
);
