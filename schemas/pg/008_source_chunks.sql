-- 008_source_chunks.sql - a large source's compressed bytes in pieces of
-- a megabyte (in order of seq), as SQLite's schemas/008_source_chunks.sql:
-- its row's raw empty and its raw_encoding 'zlib-chunks', so no one value
-- holds the whole and a client writes and reads it a piece at a time.
-- The pieces are zlib's output already: stored out of line as they are,
-- not compressed again (STORAGE EXTERNAL).
CREATE TABLE source_chunks (
    source_id       bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    seq             bigint NOT NULL,
    bytes           bytea NOT NULL,
    PRIMARY KEY (source_id, seq)
);
ALTER TABLE source_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;
