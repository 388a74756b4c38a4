-- Folders of documents (issue #21 item 4). document_order: its key is no rowid alias (BIGINT, not INTEGER),
-- so rowid order is the order the rows were inserted in; document_bodies: whole files in one column.
CREATE TABLE document_order (
    id         BIGINT PRIMARY KEY,
    text       TEXT,
    created_at INTEGER
);

CREATE TABLE document_bodies (
    name VARCHAR(100) PRIMARY KEY,
    body TEXT NOT NULL
);
