-- 011_series_ident.sql - a series found and made by one integer key.
-- The UNIQUE (tool, benchmark, metric, params) index held every series'
-- identity a second time (in a large fio JSON's database it was more than
-- the series table itself), and each new series was probed and inserted
-- through it, comparing texts. ident is a 62-bit hash of the identity
-- (store/store_ident.c: "tool \x1f benchmark \x1f metric \x1f params"),
-- unique; a series whose hash another series' key holds takes the next
-- free key of a window of eight, and every lookup reads that window and
-- compares the texts, so two identities stay two series. The keys of the
-- series already stored are computed by benchdb before this file runs,
-- into the temporary table series_ident_fill (store_schema.c). The table
-- is rebuilt as 006 rebuilt it: ids, columns and other indexes stay.
CREATE TABLE series_new (
    id              INTEGER PRIMARY KEY,
    tool            TEXT NOT NULL,
    benchmark       TEXT NOT NULL,
    metric          TEXT NOT NULL,
    params          TEXT NOT NULL,
    unit            TEXT NOT NULL,
    better          INTEGER NOT NULL CHECK (better BETWEEN -1 AND 1),
    param_set_id    INTEGER REFERENCES param_sets(id),
    ident           INTEGER NOT NULL UNIQUE
) STRICT;
INSERT INTO series_new(id, tool, benchmark, metric, params, unit, better,
                       param_set_id, ident)
    SELECT id, tool, benchmark, metric, params, unit, better, param_set_id,
           (SELECT f.ident FROM temp.series_ident_fill f WHERE f.id = series.id)
    FROM series;
DROP TABLE series;
ALTER TABLE series_new RENAME TO series;
CREATE INDEX series_by_param_set ON series(param_set_id);
DROP TABLE temp.series_ident_fill;
