-- Tables of the upsert and ignore tests (issue 12).
-- accounts: matched on the primary key; a CHECK and a NOT NULL column (bad rows stay rejected); a
-- secondary index the load drops and rebuilds.
CREATE TABLE accounts (
    id    INTEGER PRIMARY KEY,
    name  TEXT    NOT NULL,
    score INTEGER CHECK (score >= 0)
);
CREATE INDEX accounts_name ON accounts (name);
-- members: matched on a named unique index (rowlift.target.upsert-key=members_email), the key the
-- database makes (id) not in the file; members_name is not unique.
CREATE TABLE members (
    id    INTEGER PRIMARY KEY,
    email TEXT    NOT NULL,
    name  TEXT    NOT NULL
);
CREATE UNIQUE INDEX members_email ON members (email);
CREATE INDEX members_name ON members (name);
