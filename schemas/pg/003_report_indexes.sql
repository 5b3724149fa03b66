-- 003_report_indexes.sql - the indexes of SQLite's 003_report_indexes.sql.
-- The report reads each series' results in platform, source, repetition
-- and line order: one covering index serves that (it replaces
-- results_by_series, its prefix). A platform filter, and the list of
-- platforms that have results, search results by platform.
CREATE INDEX results_by_series_platform
    ON results(series_id, platform_id, source_id, repetition, line, value);
DROP INDEX results_by_series;
CREATE INDEX results_by_platform ON results(platform_id, series_id);
