-- typed: one column per kind of value Rowlift converts, with constraints the database checks.
CREATE TABLE typed (
    id      INTEGER PRIMARY KEY,
    small   SMALLINT CHECK (small IS NULL OR small >= 0),
    amount  DECIMAL(10,2),
    ratio   DOUBLE,
    flag    BOOLEAN NOT NULL,
    day     DATE,
    at_time TIME,
    stamp   TIMESTAMP,
    payload BLOB,
    label   VARCHAR(10) CHECK (label IS NULL OR length(label) <= 10),
    note    TEXT NOT NULL
);
CREATE UNIQUE INDEX typed_label ON typed (label);
-- texts: free text with line breaks and quotes.
CREATE TABLE texts (
    id   INTEGER NOT NULL,
    body TEXT
);
