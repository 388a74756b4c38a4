-- zdocs: documents stored compressed (rowlift.target.compress=zstd, docs/compact-storage.md): a title kept as text,
-- the body a LONGBLOB, so the default choice compresses body alone.
CREATE TABLE zdocs (
    id    BIGINT NOT NULL PRIMARY KEY,
    title VARCHAR(200),
    body  LONGBLOB
) ENGINE = InnoDB;
-- zdocs_text: the same documents with a TEXT body, which compress=zstd refuses.
CREATE TABLE zdocs_text (
    id   BIGINT NOT NULL PRIMARY KEY,
    body LONGTEXT
) ENGINE = InnoDB;
