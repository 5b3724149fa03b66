-- 006_series_check.sql - series.better checked by a range, not a list.
-- SQLite evaluates `better IN (-1, 0, 1)` through an ephemeral table that
-- it builds and frees on every INSERT (about a tenth of a large fio
-- import); `better BETWEEN -1 AND 1` accepts the same integers (the column
-- is a STRICT INTEGER) at the cost of two comparisons. SQLite cannot alter
-- a CHECK, so the table is rebuilt as the documented procedure says
-- (https://sqlite.org/lang_altertable.html#otheralter): the migration runs
-- with foreign keys off and checks them before it commits (store_sqlite.c
-- sq_mig_begin / sq_mig_end). Column order, ids and indexes stay as they
-- were.
CREATE TABLE series_new (
    id              INTEGER PRIMARY KEY,
    tool            TEXT NOT NULL,
    benchmark       TEXT NOT NULL,
    metric          TEXT NOT NULL,
    params          TEXT NOT NULL,
    unit            TEXT NOT NULL,
    better          INTEGER NOT NULL CHECK (better BETWEEN -1 AND 1),
    param_set_id    INTEGER REFERENCES param_sets(id),
    UNIQUE (tool, benchmark, metric, params)
) STRICT;
INSERT INTO series_new(id, tool, benchmark, metric, params, unit, better,
                       param_set_id)
    SELECT id, tool, benchmark, metric, params, unit, better, param_set_id
    FROM series;
DROP TABLE series;
ALTER TABLE series_new RENAME TO series;
CREATE INDEX series_by_param_set ON series(param_set_id);
