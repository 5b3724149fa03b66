-- 005_param_sets.sql - a series' parameters as an interned set.
-- Most series share their set of parameters (the 632,725 series of a
-- large fio JSON have 8 sets between them), so each distinct set is
-- stored once, by its text (the series' params column, "k1=v1,k2=v2"),
-- with one row per parameter, instead of one row per parameter per
-- series. Parameter filters and suggestions read param_set_items through
-- series.param_set_id. Every series gets a set, the empty one included.
CREATE TABLE param_sets (
    id              INTEGER PRIMARY KEY,
    params          TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE param_set_items (
    set_id          INTEGER NOT NULL REFERENCES param_sets(id) ON DELETE CASCADE,
    key             TEXT NOT NULL,
    value           TEXT NOT NULL,
    PRIMARY KEY (set_id, key)
) STRICT, WITHOUT ROWID;
CREATE INDEX param_set_items_by_key ON param_set_items(key, value);

ALTER TABLE series ADD COLUMN param_set_id INTEGER REFERENCES param_sets(id);

INSERT INTO param_sets(params) SELECT DISTINCT params FROM series;
UPDATE series SET param_set_id =
    (SELECT ps.id FROM param_sets ps WHERE ps.params = series.params);
INSERT OR IGNORE INTO param_set_items(set_id, key, value)
    SELECT s.param_set_id, sp.key, sp.value
    FROM series_params sp JOIN series s ON s.id = sp.series_id;
CREATE INDEX series_by_param_set ON series(param_set_id);

DROP TABLE series_params;
