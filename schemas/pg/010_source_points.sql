-- 010_source_points.sql - where a large source's lines can be read from
-- without inflating it from its start, as SQLite's schemas/010: a source
-- stored in pieces (008) is compressed with a full flush of the stream
-- about every megabyte, at the start of a line, where inflating may begin
-- afresh (raw deflate). Each such point is a row: the line that begins
-- there, its byte in the source and its byte in the compressed stream
-- (the pieces laid end to end). Sources stored before this have no points
-- and are read from their start; benchdb serve shows a window of a log's
-- lines around the one a figure came from, which results_by_source_line
-- finds.
CREATE TABLE source_points (
    source_id       bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    line            bigint NOT NULL,
    at_byte         bigint NOT NULL,
    at_zbyte        bigint NOT NULL,
    PRIMARY KEY (source_id, line)
);
CREATE INDEX results_by_source_line ON results(source_id, line);
DROP INDEX results_by_source;
