-- 011_series_ident.sql - a series found and made by one integer key (see
-- the SQLite schemas/011_series_ident.sql): ident, a 62-bit hash of the
-- identity, unique, in place of UNIQUE (tool, benchmark, metric, params).
-- The keys of the series already stored are computed by benchdb before
-- this file runs, into the temporary table series_ident_fill.
ALTER TABLE series ADD COLUMN ident bigint;
UPDATE series SET ident = f.ident FROM series_ident_fill f
    WHERE f.id = series.id;
ALTER TABLE series ALTER COLUMN ident SET NOT NULL;
ALTER TABLE series ADD CONSTRAINT series_ident_key UNIQUE (ident);
ALTER TABLE series DROP CONSTRAINT series_tool_benchmark_metric_params_key;
DROP TABLE series_ident_fill;
