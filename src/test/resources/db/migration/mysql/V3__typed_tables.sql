-- typed: one column per kind of value Rowlift converts, with constraints the database checks.
CREATE TABLE typed (
    id      BIGINT PRIMARY KEY,
    small   SMALLINT,
    amount  DECIMAL(10,2),
    ratio   DOUBLE,
    flag    BOOLEAN NOT NULL,
    day     DATE,
    at_time TIME(6),
    stamp   DATETIME(6),
    payload VARBINARY(64),
    label   VARCHAR(10),
    note    TEXT NOT NULL,
    CONSTRAINT typed_small CHECK (small IS NULL OR small >= 0),
    UNIQUE INDEX typed_label (label)
) ENGINE = InnoDB;
-- texts: free text with line breaks and quotes.
CREATE TABLE texts (
    id   BIGINT NOT NULL,
    body TEXT
) ENGINE = InnoDB;
