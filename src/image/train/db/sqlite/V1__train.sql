CREATE TABLE train (id INTEGER PRIMARY KEY, name TEXT, score DECIMAL(9,2), born DATE, at TIMESTAMP);
CREATE INDEX train_name ON train (name);
