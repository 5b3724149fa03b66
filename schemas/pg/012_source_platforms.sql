-- 012_source_platforms.sql - SQLite's schemas/011: which platforms each
-- source has results on, and how many, one row per source and platform,
-- kept by the store with the results in the same transaction; it answers
-- "the platforms with results" in place of results_by_platform.
--
-- And results lose their primary key's index: nothing looks a result up
-- by id (the id, still filled from its identity, only orders ties), and
-- nothing references results. The server's import is its index work,
-- about a microsecond an entry (perf: 90% of COPY's time): four entries
-- a result before this, two after (results_by_series_platform, which
-- every report walks, and results_by_source_line, which a source's
-- figures are found and deleted by).
--
-- The id's sequence hands each session 1,024 numbers at a time: one
-- nextval a row through the sequence's buffer (and a WAL record every
-- 32) was 80 of the 600 ms psql took to COPY 252,688 results into the
-- two indexes, 10-20 ms with the numbers cached. A session's ids still
-- grow, and all of one source's results are written by one session, so
-- the ties they order keep the order they were written in.
CREATE TABLE source_platforms (
    source_id       bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    platform_id     bigint REFERENCES platforms(id),
    results         bigint NOT NULL
);
CREATE INDEX source_platforms_by_source ON source_platforms(source_id);
CREATE INDEX source_platforms_by_platform
    ON source_platforms(platform_id, source_id);
INSERT INTO source_platforms(source_id, platform_id, results)
    SELECT source_id, platform_id, count(*) FROM results
    GROUP BY source_id, platform_id;
DROP INDEX results_by_platform;
ALTER TABLE results DROP CONSTRAINT IF EXISTS results_pkey;
ALTER TABLE results ALTER COLUMN id SET CACHE 1024;
