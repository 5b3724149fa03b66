-- 007_marks_notes.sql - a set marked as a new baseline (an expected
-- change: a new kernel, a new board), from which history and check start
-- a new distribution; and notes, text on a set, on a series, or on a
-- series at a set, shown in every history output.
ALTER TABLE sets ADD COLUMN new_baseline INTEGER NOT NULL DEFAULT 0
    CHECK (new_baseline BETWEEN 0 AND 1);

CREATE TABLE notes (
    id              INTEGER PRIMARY KEY,
    set_id          INTEGER REFERENCES sets(id) ON DELETE CASCADE,
    series_id       INTEGER REFERENCES series(id) ON DELETE CASCADE,
    text            TEXT NOT NULL,
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    CHECK (set_id IS NOT NULL OR series_id IS NOT NULL)
) STRICT;
CREATE INDEX notes_by_set ON notes(set_id);
CREATE INDEX notes_by_series ON notes(series_id);
