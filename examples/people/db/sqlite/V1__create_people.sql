-- The quick start's sample table (examples/people/people.csv).
CREATE TABLE people (
    id         INTEGER PRIMARY KEY,
    first_name TEXT    NOT NULL,
    last_name  TEXT    NOT NULL,
    email      TEXT,
    city       TEXT,
    age        INTEGER
);
CREATE UNIQUE INDEX people_email ON people (email);
CREATE INDEX people_city ON people (city);
