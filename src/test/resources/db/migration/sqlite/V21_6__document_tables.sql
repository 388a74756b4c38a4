-- zdocs: documents stored compressed (rowlift.target.compress=zstd, docs/compact-storage.md): a title kept as text,
-- the body a BLOB, so the default choice compresses body alone.
CREATE TABLE zdocs (
    id    INTEGER PRIMARY KEY,
    title TEXT,
    body  BLOB
);
-- zdocs_text: the same documents with a TEXT body, which compress=zstd refuses.
CREATE TABLE zdocs_text (
    id   INTEGER PRIMARY KEY,
    body TEXT
);
