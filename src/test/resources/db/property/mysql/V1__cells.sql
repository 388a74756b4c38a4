-- cells: the differential property tests' table (io.rowlift.testsupport.GeneratedCsv): two nullable
-- text columns around a NOT NULL one, keyed by the file's order; LONGTEXT, as fields go past 1 MiB.
CREATE TABLE cells (
    id BIGINT PRIMARY KEY,
    a  LONGTEXT,
    b  LONGTEXT NOT NULL,
    c  LONGTEXT
) ENGINE = InnoDB;
