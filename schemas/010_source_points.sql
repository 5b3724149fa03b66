-- 010_source_points.sql - where a large source's lines can be read from
-- without inflating it from its start, and its figures found by line.
-- A source stored in pieces (008) is compressed with a full flush of the
-- stream about every megabyte, at the start of a line: there inflating
-- may begin afresh (raw deflate, nothing before needed). Each such point
-- is a row: the line that begins there, its byte in the source and its
-- byte in the compressed stream (the pieces laid end to end: piece
-- at_zbyte / 1 MiB, at at_zbyte % 1 MiB in it). Sources stored before
-- this have no points and are read from their start up to the lines
-- asked for; benchdb serve shows a window of a log's lines around the
-- one a figure came from, which results_by_source_line finds.
CREATE TABLE source_points (
    source_id       INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line            INTEGER NOT NULL,
    at_byte         INTEGER NOT NULL,
    at_zbyte        INTEGER NOT NULL,
    PRIMARY KEY (source_id, line)
) STRICT, WITHOUT ROWID;
CREATE INDEX results_by_source_line ON results(source_id, line);
DROP INDEX results_by_source;
