-- canary: a table a ledger row run as SQL would drop (issue 34 item 1); its one row must stay.
CREATE TABLE canary (
    id   BIGINT PRIMARY KEY,
    note VARCHAR(100) NOT NULL
) ENGINE = InnoDB;
INSERT INTO canary (id, note) VALUES (1, 'still here');
-- index_notes: the columns of Rowlift's index ledger, the other table a refused ledger-shaped file is loaded into.
CREATE TABLE index_notes (
    TABLE_NAME  VARCHAR(200) NOT NULL,
    INDEX_NAME  VARCHAR(200) NOT NULL,
    DEFINITION  LONGTEXT     NOT NULL,
    IS_UNIQUE   INT          NOT NULL,
    COLUMN_LIST LONGTEXT     NOT NULL
) ENGINE = InnoDB;
