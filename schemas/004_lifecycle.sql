-- 004_lifecycle.sql - run sets, their tags, and the history of changes.
-- A set is when (and under which change) sources were measured: one
-- import, named by --set or by its date and time. Platforms are what was
-- measured; the two are independent. history records every change to the
-- database: who, when, and the command line (passwords masked).
CREATE TABLE sets (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL UNIQUE,
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE TABLE set_tags (
    set_id          INTEGER NOT NULL REFERENCES sets(id) ON DELETE CASCADE,
    key             TEXT NOT NULL,
    value           TEXT NOT NULL,
    PRIMARY KEY (set_id, key)
) STRICT, WITHOUT ROWID;

ALTER TABLE sources ADD COLUMN set_id INTEGER REFERENCES sets(id);
CREATE INDEX sources_by_set ON sources(set_id);

CREATE TABLE history (
    id              INTEGER PRIMARY KEY,
    at              TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    user            TEXT NOT NULL,
    command         TEXT NOT NULL,
    summary         TEXT NOT NULL
) STRICT;

-- Sources imported before sets existed: one set per day of import, so
-- that they can be selected and compared like later ones.
INSERT INTO sets(name, created_at)
    SELECT substr(imported_at, 1, 10), min(imported_at) FROM sources
    GROUP BY substr(imported_at, 1, 10);
UPDATE sources SET set_id =
    (SELECT id FROM sets WHERE sets.name = substr(sources.imported_at, 1, 10));
