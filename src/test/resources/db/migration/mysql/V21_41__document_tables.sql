-- Folders of documents (issue #21 item 4). document_order: seq numbers the rows in the order they were
-- inserted (the clustered key), id is the key from the file names; document_bodies: whole files in one column.
CREATE TABLE document_order (
    seq        BIGINT AUTO_INCREMENT PRIMARY KEY,
    id         BIGINT NOT NULL,
    text       MEDIUMTEXT,
    created_at BIGINT,
    UNIQUE KEY document_order_id (id)
);

CREATE TABLE document_bodies (
    name VARCHAR(100) PRIMARY KEY,
    body MEDIUMTEXT NOT NULL
);
