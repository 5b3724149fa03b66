-- 012_series_ident.sql - a series is found by one 64-bit key of its
-- identity (store/series_ident.h: tool, benchmark, metric and parameters,
-- computed by benchdb's SQL function bdb_series_ident) through a unique
-- index of that key, in place of the unique index of the four texts: an
-- entry of ~150 bytes a series, the dearest part of storing one
-- (sqlite3 copying the 916,730 series of a large fio JSON, with the
-- index by parameter set: 2.7 s of CPU with it, 2.1 s with the key's and
-- the tool's indexes in its place).
-- The texts stay in the row, and the store compares them with the row a
-- key finds: two series of one key (a collision) are told apart there,
-- and the later one is kept with no key (NULL), found by its texts among
-- the few such rows. Reports sort the selected series by their texts
-- (store_groups.c), then read each one's results by its id.
--
-- series_by_param_set (005) is not made again: the parameter names
-- and values that have series (store_names.c) ask for the sets of the
-- series in one scan of them, and nothing else looks series up by their
-- set; its entries, inserted in the middle of the index (a set's series
-- come at its end, one run of ids a set), cost 0.5 of the 2.1 s of CPU
-- sqlite3 took to copy the fio JSON's series with it.
--
-- SQLite cannot drop a UNIQUE constraint, so the table is rebuilt as
-- 006 did (foreign keys off, checked before the commit); column order
-- and ids stay, the key is the last column.
CREATE TABLE series_new (
    id              INTEGER PRIMARY KEY,
    tool            TEXT NOT NULL,
    benchmark       TEXT NOT NULL,
    metric          TEXT NOT NULL,
    params          TEXT NOT NULL,
    unit            TEXT NOT NULL,
    better          INTEGER NOT NULL CHECK (better BETWEEN -1 AND 1),
    param_set_id    INTEGER REFERENCES param_sets(id),
    ident           INTEGER
) STRICT;
INSERT INTO series_new(id, tool, benchmark, metric, params, unit, better,
                       param_set_id, ident)
    SELECT id, tool, benchmark, metric, params, unit, better, param_set_id,
           bdb_series_ident(tool, benchmark, metric, params)
    FROM series;
-- of series sharing a key, the first keeps it
UPDATE series_new SET ident = NULL
    WHERE id NOT IN (SELECT min(id) FROM series_new GROUP BY ident);
DROP TABLE series;
ALTER TABLE series_new RENAME TO series;
CREATE UNIQUE INDEX series_by_ident ON series(ident);
-- the list of tools (every page's menu) seeks the first series of each
-- tool, and a tool filter finds its series, by this index; its entries
-- are short and land at the end of their tool's run
CREATE INDEX series_by_tool ON series(tool);
