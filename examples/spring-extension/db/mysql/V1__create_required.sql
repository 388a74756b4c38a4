-- The example's table (examples/spring-extension/data/people.csv), as the project's test migrations have it.
CREATE TABLE required (
    id   BIGINT       NOT NULL,
    name VARCHAR(100) NOT NULL,
    note VARCHAR(100)
) ENGINE = InnoDB;
