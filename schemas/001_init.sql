-- 001_init.sql - the first benchdb schema.
-- Platforms are the machines compared; sources are imported files (kept
-- whole, compressed, so `benchdb reparse` needs no original files); series
-- are "the same measurement" (tool + benchmark + metric + parameters);
-- results are values of a series on a platform from a source line.

CREATE TABLE platforms (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL UNIQUE,
    arch            TEXT,
    cpu             TEXT,
    cores           REAL,
    threads         REAL,
    freq_mhz        REAL,
    memory_gb       REAL,
    os              TEXT,
    kernel          TEXT,
    price_usd       REAL,
    power_w         REAL,
    idle_power_w    REAL,
    rent_usd_month  REAL,
    notes           TEXT
) STRICT;

CREATE TABLE sources (
    id              INTEGER PRIMARY KEY,
    sha256          TEXT NOT NULL UNIQUE,
    size            INTEGER NOT NULL,
    path            TEXT NOT NULL,
    imported_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    tool            TEXT NOT NULL,
    tool_version    TEXT,
    parser_version  TEXT NOT NULL,
    platform_id     INTEGER REFERENCES platforms(id),
    options         TEXT NOT NULL DEFAULT '',
    raw             BLOB NOT NULL,
    raw_encoding    TEXT NOT NULL DEFAULT 'zlib'
) STRICT;

CREATE TABLE series (
    id              INTEGER PRIMARY KEY,
    tool            TEXT NOT NULL,
    benchmark       TEXT NOT NULL,
    metric          TEXT NOT NULL,
    params          TEXT NOT NULL,
    unit            TEXT NOT NULL,
    better          INTEGER NOT NULL CHECK (better IN (-1, 0, 1)),
    UNIQUE (tool, benchmark, metric, params)
) STRICT;

CREATE TABLE series_params (
    series_id       INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
    key             TEXT NOT NULL,
    value           TEXT NOT NULL,
    PRIMARY KEY (series_id, key)
) STRICT, WITHOUT ROWID;
CREATE INDEX series_params_by_key ON series_params(key, value);

CREATE TABLE results (
    id              INTEGER PRIMARY KEY,
    series_id       INTEGER NOT NULL REFERENCES series(id),
    platform_id     INTEGER REFERENCES platforms(id),
    source_id       INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line            INTEGER NOT NULL,
    repetition      INTEGER NOT NULL,
    value           REAL NOT NULL
) STRICT;
CREATE INDEX results_by_series ON results(series_id, platform_id);
CREATE INDEX results_by_source ON results(source_id);

CREATE TABLE source_warnings (
    source_id       INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line            INTEGER NOT NULL,
    kind            TEXT NOT NULL DEFAULT 'warning' CHECK (kind IN ('warning', 'info')),
    message         TEXT NOT NULL
) STRICT;
CREATE INDEX source_warnings_by_source ON source_warnings(source_id);
