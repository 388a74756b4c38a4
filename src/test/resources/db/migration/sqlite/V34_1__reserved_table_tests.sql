-- canary: a table a ledger row run as SQL would drop (issue 34 item 1); its one row must stay.
CREATE TABLE canary (
    id   INTEGER PRIMARY KEY,
    note TEXT NOT NULL
);
INSERT INTO canary (id, note) VALUES (1, 'still here');
-- index_notes: the columns of Rowlift's index ledger, the other table a refused ledger-shaped file is loaded into.
CREATE TABLE index_notes (
    TABLE_NAME  TEXT    NOT NULL,
    INDEX_NAME  TEXT    NOT NULL,
    DEFINITION  TEXT    NOT NULL,
    IS_UNIQUE   INTEGER NOT NULL,
    COLUMN_LIST TEXT    NOT NULL
);
