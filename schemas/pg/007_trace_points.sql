-- 007_trace_points.sql - the traces of runs' figures, as SQLite's
-- schemas/008_trace_points.sql, in PostgreSQL's types.
CREATE TABLE trace_points (
    source_id       bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    series_id       bigint NOT NULL REFERENCES series(id) ON DELETE CASCADE,
    repetition      integer NOT NULL,
    seq             bigint NOT NULL,
    what            text NOT NULL,
    label           text NOT NULL,
    t_start         float8,
    t_end           float8,
    value           float8 NOT NULL,
    unit            text NOT NULL,
    line            integer NOT NULL,
    PRIMARY KEY (source_id, series_id, seq)
);
CREATE INDEX trace_points_by_series ON trace_points(series_id);
