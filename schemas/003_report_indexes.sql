-- 003_report_indexes.sql - indexes for the report's queries (indexes only).
-- The report reads each series' results in platform, source, repetition
-- and line order: one covering index serves that without a sort and
-- without visiting the table (it replaces results_by_series, its prefix).
-- A platform filter, and the list of platforms that have results, search
-- results by platform instead of scanning them.
CREATE INDEX results_by_series_platform
    ON results(series_id, platform_id, source_id, repetition, line, value);
DROP INDEX results_by_series;
CREATE INDEX results_by_platform ON results(platform_id, series_id);
