-- Tables of the upsert and ignore tests (issue 12).
-- accounts: matched on the primary key; a CHECK and a NOT NULL column (bad rows stay rejected); a
-- secondary index the load drops and rebuilds.
CREATE TABLE accounts (
    id    BIGINT       NOT NULL PRIMARY KEY,
    name  VARCHAR(40)  NOT NULL,
    score INT          CHECK (score >= 0)
) ENGINE = InnoDB;
CREATE INDEX accounts_name ON accounts (name);
-- members: matched on a named unique index (rowlift.target.upsert-key=members_email), the key the
-- database makes (id) not in the file; members_name is not unique.
CREATE TABLE members (
    id    BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    email VARCHAR(100) NOT NULL,
    name  VARCHAR(40)  NOT NULL
) ENGINE = InnoDB;
CREATE UNIQUE INDEX members_email ON members (email);
CREATE INDEX members_name ON members (name);
