-- 011_series_key.sql - a series found by a 64-bit key of its identity.
-- A series is its tool, benchmark, metric and canonical parameters' text;
-- it was found, and kept unique, through a UNIQUE index on those four
-- texts, where each new series of a lab's import (125,000 series x 8
-- platforms, one repetition each) compared texts all the way down. Now
-- the key (a 64-bit hash of the four, computed by benchdb:
-- store/store_series.c) finds the rows that may be the series, and their
-- texts are compared: two identities may share a key and stay two
-- series. benchdb is SQLite's one writer at a time, so the texts need no
-- UNIQUE index of their own; a plain one keeps the order the reports walk
-- series in (tool, benchmark, metric, parameters) without a sort.
-- SQLite cannot drop a table's UNIQUE constraint, so the table is rebuilt
-- as in 006 (foreign keys off during migrations, checked before commit);
-- the keys of the series already stored are written right after this
-- file, in the same transaction (bdb_series_keys_fill). Column order of
-- the old columns, ids and the other index stay as they were.
CREATE TABLE series_new (
    id              INTEGER PRIMARY KEY,
    tool            TEXT NOT NULL,
    benchmark       TEXT NOT NULL,
    metric          TEXT NOT NULL,
    params          TEXT NOT NULL,
    unit            TEXT NOT NULL,
    better          INTEGER NOT NULL CHECK (better BETWEEN -1 AND 1),
    param_set_id    INTEGER REFERENCES param_sets(id),
    key             INTEGER
) STRICT;
INSERT INTO series_new(id, tool, benchmark, metric, params, unit, better,
                       param_set_id)
    SELECT id, tool, benchmark, metric, params, unit, better, param_set_id
    FROM series;
DROP TABLE series;
ALTER TABLE series_new RENAME TO series;
CREATE INDEX series_by_param_set ON series(param_set_id);
CREATE INDEX series_by_key ON series(key);
CREATE INDEX series_by_name ON series(tool, benchmark, metric, params);
