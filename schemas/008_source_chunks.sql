-- 008_source_chunks.sql - a large source's compressed bytes in pieces of
-- a megabyte (in order of seq), its row's raw empty and its raw_encoding
-- 'zlib-chunks': no one value holds the whole, so it is written and read
-- a piece at a time, and an update of the source's row (its tool, its
-- platform) does not read and write it again.
CREATE TABLE source_chunks (
    source_id       INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    bytes           BLOB NOT NULL,
    PRIMARY KEY (source_id, seq)
) STRICT;
