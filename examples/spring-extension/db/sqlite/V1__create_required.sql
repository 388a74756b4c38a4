-- The example's table (examples/spring-extension/data/people.csv), as the project's test migrations have it.
CREATE TABLE required (
    id   INTEGER NOT NULL,
    name TEXT    NOT NULL,
    note TEXT
);
