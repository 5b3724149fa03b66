-- 011_source_platforms.sql - which platforms each source has results on,
-- and how many: one row per source and platform, written by the store
-- with the source's results (store/store_write.c) and in the same
-- transaction, removed with them (a re-read source, a forgotten one,
-- a platform merged or deleted: store/store_fix.c). platform_id is NULL
-- for results without a platform, as in results.
--
-- It answers "the platforms with results" (every report, with a run set
-- or tag filter too) and a source's platforms, which searched
-- results_by_platform: an index entry per result that served nothing
-- else. A lab's import of 250,000 results wrote 250,000 entries into it;
-- these rows are one per source and platform (8 for that import).
CREATE TABLE source_platforms (
    source_id       INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    platform_id     INTEGER REFERENCES platforms(id),
    results         INTEGER NOT NULL
) STRICT;
CREATE INDEX source_platforms_by_source ON source_platforms(source_id);
CREATE INDEX source_platforms_by_platform
    ON source_platforms(platform_id, source_id);
INSERT INTO source_platforms(source_id, platform_id, results)
    SELECT source_id, platform_id, count(*) FROM results
    GROUP BY source_id, platform_id;
DROP INDEX results_by_platform;
