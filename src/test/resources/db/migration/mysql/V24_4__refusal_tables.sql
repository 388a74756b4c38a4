-- refusals: rows the database itself refuses one at a time, for the bisection tests (issue #24 item 4):
-- a primary key (a repeated id), a foreign key (parent not in refusal_parents), a CHECK (code 'bad')
-- and a NOT NULL column (parent: an empty value is NULL, which Rowlift's binder refuses before the
-- database sees it).
CREATE TABLE refusal_parents (
    id BIGINT PRIMARY KEY
) ENGINE = InnoDB;

CREATE TABLE refusals (
    id     BIGINT PRIMARY KEY,
    parent BIGINT NOT NULL,
    code   VARCHAR(20),
    name   VARCHAR(40) NOT NULL,
    CONSTRAINT refusals_parent FOREIGN KEY (parent) REFERENCES refusal_parents (id),
    CONSTRAINT refusals_code CHECK (code IS NULL OR code <> 'bad')
) ENGINE = InnoDB;

INSERT INTO refusal_parents (id) VALUES (1), (2), (3);

-- refusal_checks: the same without the foreign key, which mode replace cannot swap on MySQL.
CREATE TABLE refusal_checks (
    id     BIGINT PRIMARY KEY,
    parent BIGINT NOT NULL,
    code   VARCHAR(20),
    name   VARCHAR(40) NOT NULL,
    CONSTRAINT refusal_checks_code CHECK (code IS NULL OR code <> 'bad')
) ENGINE = InnoDB;
