-- 009_trace_points.sql - the trace of a run's figure: its interval,
-- per-stream and per-thread lines (iperf intervals, wrk thread rows) in
-- file order. A point belongs to the result of its series in its source
-- with the same repetition; it is no result of its own. `what` is the
-- point's quantity (throughput, transfer, cwnd, ...), `label` whose line
-- it is (stream 5, SUM), t_start/t_end the interval in seconds when the
-- line prints one, `line` the line of the file it came from.
CREATE TABLE trace_points (
    source_id       INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    series_id       INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
    repetition      INTEGER NOT NULL,
    seq             INTEGER NOT NULL,
    what            TEXT NOT NULL,
    label           TEXT NOT NULL,
    t_start         REAL,
    t_end           REAL,
    value           REAL NOT NULL,
    unit            TEXT NOT NULL,
    line            INTEGER NOT NULL,
    PRIMARY KEY (source_id, series_id, seq)
) STRICT, WITHOUT ROWID;
CREATE INDEX trace_points_by_series ON trace_points(series_id);
