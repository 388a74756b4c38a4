-- cells: the differential property tests' table (io.rowlift.testsupport.GeneratedCsv): two nullable
-- text columns around a NOT NULL one, keyed by the file's order.
CREATE TABLE cells (
    id INTEGER PRIMARY KEY,
    a  TEXT,
    b  TEXT NOT NULL,
    c  TEXT
);
