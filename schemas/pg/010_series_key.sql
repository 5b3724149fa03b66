-- 010_series_key.sql - a series found by a 64-bit key of its identity, as
-- SQLite's schemas/011_series_key.sql (the reasons are there). PostgreSQL
-- has writers at once, so the identity stays unique in the database: the
-- unique index leads with the key, and a comparison of two entries reads
-- their texts only when the keys are equal (two identities may share a
-- key: the texts then tell them apart). The keys of the series already
-- stored are written right after this file, in the same transaction
-- (bdb_series_keys_fill); a plain index on the texts keeps the reports'
-- order.
ALTER TABLE series ADD COLUMN key bigint;
ALTER TABLE series DROP CONSTRAINT series_tool_benchmark_metric_params_key;
CREATE UNIQUE INDEX series_by_key
    ON series(key, tool, benchmark, metric, params);
CREATE INDEX series_by_name ON series(tool, benchmark, metric, params);
