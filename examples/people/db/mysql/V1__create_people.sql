-- The quick start's sample table (examples/people/people.csv).
CREATE TABLE people (
    id         BIGINT       PRIMARY KEY,
    first_name VARCHAR(100) NOT NULL,
    last_name  VARCHAR(100) NOT NULL,
    email      VARCHAR(200),
    city       VARCHAR(100),
    age        INT,
    UNIQUE INDEX people_email (email),
    INDEX people_city (city)
) ENGINE = InnoDB;
